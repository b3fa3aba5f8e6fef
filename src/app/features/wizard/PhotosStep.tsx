import { useRef, useState } from 'react';
import { ActionIcon, Alert, AspectRatio, Badge, Box, Button, Card, Group, Image, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { MAX_IMAGES, PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { IMAGE_EXTENSIONS } from '@/domain/core/screenChoices';
import { checkImageFiles, WIZARD_TEXTS } from '@/domain/listing/listingWizard';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { preparePhoto } from '@/app/shared/photos/photoClient';
import { localPhoto, type WizardPhoto } from './wizardPhoto';
import { t } from '@/app/shared/i18n/language';

const ACCEPT = ['image/*', ...IMAGE_EXTENSIONS.map((e) => `.${e}`)].join(',');

/**
 * Step 5: the listing's photos, at most MAX_IMAGES. Each chosen file is checked (spec section 5),
 * shrunk off the page's thread and stored with the draft before it shows; the first is the main photo.
 */
export function PhotosStep({ photos, setPhotos }: { photos: WizardPhoto[]; setPhotos(change: (p: WizardPhoto[]) => WizardPhoto[]): Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [working, setWorking] = useState(0);

  async function add(list: FileList | null) {
    const files = list ? [...list] : [];
    if (input.current) input.current.value = '';
    if (!files.length) return;
    const { accepted, errors: refused } = checkImageFiles(files, photos.length + working, undefined, t);
    setErrors(refused);
    if (!accepted.length) return;
    setWorking((n) => n + accepted.length);
    // One at a time: a phone decoding several 12-megapixel photos at once can run out of memory.
    for (const file of accepted) {
      try {
        const prepared = await preparePhoto(file);
        await setPhotos((current) => [...current, localPhoto(crypto.randomUUID(), prepared.blob, prepared.name)]);
      } catch (err) {
        setErrors((e) => [...e, LISTING_MESSAGES.imageProcessing(err instanceof Error ? err.message : String(err), t)]);
      } finally {
        setWorking((n) => n - 1);
      }
    }
  }

  const makeMain = (id: string) =>
    void setPhotos((current) => {
      const chosen = current.find((p) => p.id === id);
      return chosen ? [chosen, ...current.filter((p) => p.id !== id)] : current;
    });
  const remove = (id: string) => void setPhotos((current) => current.filter((p) => p.id !== id));
  const full = photos.length + working >= MAX_IMAGES;

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {WIZARD_TEXTS.photosHint(t)}
      </Text>
      <input ref={input} type="file" accept={ACCEPT} multiple hidden aria-label={t(/*i18n*/ 'Choose photos')} onChange={(e) => void add(e.currentTarget.files)} />
      <Group justify="space-between" align="center">
        <Button onClick={() => input.current?.click()} disabled={full} variant="light" size="md">
          {t(/*i18n*/ 'Add photos')}
        </Button>
        <Text fz="sm" c="dimmed" aria-live="polite">
          {t(/*i18n*/ '{count} of {max} photos', { count: photos.length, max: MAX_IMAGES })}
        </Text>
      </Group>
      {errors.length ? (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setErrors([])} closeButtonLabel={t(/*i18n*/ 'Dismiss')}>
          <Stack gap={2}>
            {errors.map((e, i) => (
              <Text key={i} fz="sm">
                {e}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {photos.length === 0 && working === 0 ? (
        <Card padding="lg" bg="gray.0" style={{ borderStyle: 'dashed' }}>
          <Stack align="center" gap="xs" ta="center">
            <Image src={PLACEHOLDER_IMAGE} alt="" w={120} h={80} fit="contain" />
            <Text fz="sm" c="dimmed">
              {t(/*i18n*/ 'No photos yet. Listings with clear photos of the outside, inside and engine sell faster. Without a photo, a placeholder image is shown.')}
            </Text>
          </Stack>
        </Card>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="sm">
        {photos.map((p, i) => (
          <PhotoCard key={p.id} photo={p} index={i} onRemove={() => remove(p.id)} onMakeMain={() => makeMain(p.id)} />
        ))}
        {Array.from({ length: working }, (_, i) => (
          <PreparingCard key={`working-${i}`} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** One photo: the main one is badged; each can be removed, and any other made the main one. */
function PhotoCard({ photo, index, onRemove, onMakeMain }: { photo: WizardPhoto; index: number; onRemove(): void; onMakeMain(): void }) {
  return (
    <Card padding={0} radius="md" data-photo={index === 0 ? 'main' : 'extra'}>
      <Box pos="relative">
        <AspectRatio ratio={4 / 3}>
          <Image src={photo.preview} alt={index === 0 ? t(/*i18n*/ 'Main photo: {name}', { name: photo.name }) : t(/*i18n*/ 'Photo {n}: {name}', { n: index + 1, name: photo.name })} fit="cover" />
        </AspectRatio>
        {index === 0 ? (
          <Badge pos="absolute" top={6} left={6} color="brand" variant="filled" size="sm">
            {t(/*i18n*/ 'Main photo')}
          </Badge>
        ) : null}
        <ActionIcon pos="absolute" top={6} right={6} variant="white" color="red" radius="xl" size="md" aria-label={t(/*i18n*/ 'Remove photo {n}', { n: index + 1 })} onClick={onRemove}>
          <span aria-hidden style={{ fontSize: 18, lineHeight: 1 }}>
            ×
          </span>
        </ActionIcon>
      </Box>
      <Group p={6} justify="center" mih={40}>
        {index === 0 ? (
          <Text fz="xs" c="dimmed">
            {t(/*i18n*/ 'Shown first and as the thumbnail')}
          </Text>
        ) : (
          <Button size="compact-xs" variant="subtle" onClick={onMakeMain} aria-label={t(/*i18n*/ 'Make photo {n} the main photo', { n: index + 1 })}>
            {t(/*i18n*/ 'Make main')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** A chosen photo still being shrunk and stored. */
function PreparingCard() {
  return (
    <Card padding={0} radius="md">
      <AspectRatio ratio={4 / 3}>
        <Stack align="center" justify="center" gap={4} bg="gray.0">
          <Loader size="sm" />
          <Text fz="xs" c="dimmed">
            {t(/*i18n*/ 'Preparing photo…')}
          </Text>
        </Stack>
      </AspectRatio>
    </Card>
  );
}
