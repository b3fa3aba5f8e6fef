import { useEffect, useState } from 'react';
import { Button, Card, Group, Image, Modal, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { DASHBOARD_TEXTS as T, draftTitle, savedAtText } from '@/domain/listing/dashboard';
import { useDraftDeletion, type DraftSummary } from './useDraftDeletion';
import { currentLanguage, t } from '@/app/shared/i18n/language';

/** A stored photo as an image: an object URL made for as long as it shows. */
export function BlobThumb({ blob, w, h }: { blob: Blob | null; w: number; h: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return <Image src={url ?? PLACEHOLDER_IMAGE} alt="" w={w} h={h} radius="md" fit="cover" fallbackSrc={PLACEHOLDER_IMAGE} style={{ flexShrink: 0 }} />;
}

/** Drafts saved on this device (not yet queued), the latest first, with Continue and Delete. */
export function DeviceDrafts({ drafts, onContinue }: { drafts: DraftSummary[]; onContinue(id: string): void }) {
  const { confirming, setConfirming, remove } = useDraftDeletion();
  const now = Date.now();
  if (drafts.length === 0) return null;

  return (
    <section aria-labelledby="drafts-heading">
      <Title order={2} fz="xl" id="drafts-heading">
        {t(T.draftsTitle)}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {t(T.draftsText)}
      </Text>
      <Stack gap="sm">
        {drafts.map((d) => {
          const title = draftTitle(d.fields, t);
          return (
            <Card key={d.id} padding="sm" component="article" aria-label={title} data-draft-id={d.id}>
              <Group wrap="nowrap" gap="sm" align="center">
                <BlobThumb blob={d.mainPhoto} w={72} h={54} />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={650} lineClamp={1} title={title}>
                    {title}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {savedAtText(d.updatedAt, now, t, currentLanguage())}
                  </Text>
                </Stack>
              </Group>
              <Group gap={6} mt="sm" justify="flex-end">
                <Button size="xs" variant="light" color="red" onClick={() => setConfirming(d)}>
                  {t(T.delete)}
                  <VisuallyHidden> {title}</VisuallyHidden>
                </Button>
                <Button size="xs" onClick={() => onContinue(d.id)}>
                  {t(T.continueDraft)}
                  <VisuallyHidden> {title}</VisuallyHidden>
                </Button>
              </Group>
            </Card>
          );
        })}
      </Stack>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={<Text fw={750}>{t(T.deleteDraftTitle)}</Text>} centered>
        <Text>{t(T.deleteDraftConfirm)}</Text>
        {confirming ? (
          <Text fw={650} mt="xs">
            {draftTitle(confirming.fields, t)}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
            {t(T.cancel)}
          </Button>
          <Button color="red" onClick={() => void remove()}>
            {t(T.delete)}
          </Button>
        </Group>
      </Modal>
    </section>
  );
}
