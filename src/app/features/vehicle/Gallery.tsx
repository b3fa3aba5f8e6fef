import { useState, type SyntheticEvent } from 'react';
import { ActionIcon, Box, Group, Image, Stack, UnstyledButton } from '@mantine/core';
import { thumbnailOf } from '@/domain/listing/photos';
import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { t } from '@/app/shared/i18n/language';

/**
 * A photo that fails to load shows the placeholder instead (spec 2.7), swapped on the element itself
 * as the result cards do. Not Mantine's `fallbackSrc`: its error flag is set back by an effect of its
 * own, so a photo whose error came before that effect ran (the page opened directly or reloaded)
 * stayed a broken image with its alt text.
 */
function showPlaceholder(e: SyntheticEvent<HTMLImageElement>): void {
  const img = e.currentTarget;
  if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
}

/** A listing's photos on its page: one large, with previous, next and a dot for each, and the thumbnails under it. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const list = images.length ? images : [PLACEHOLDER_IMAGE];
  const [i, setI] = useState(0);
  const go = (d: number) => setI((x) => (x + d + list.length) % list.length);
  return (
    <Stack gap="xs">
      <Box pos="relative" style={{ borderRadius: 16, overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}>
        {/* The photo is the page's largest paint: fetched ahead of everything else the page asks for. */}
        <Image
          src={list[i]}
          alt={t(/*i18n*/ '{title}, photo {n} of {count}', { title, n: i + 1, count: list.length })}
          onError={showPlaceholder}
          style={{ aspectRatio: '4 / 3', width: '100%', height: 'auto' }}
          fit="cover"
          fetchPriority="high"
        />
        {list.length > 1 ? (
          <>
            <ActionIcon aria-label={t(/*i18n*/ 'Previous photo')} variant="white" radius="xl" size="lg" pos="absolute" left={10} top="45%" onClick={() => go(-1)}>
              ‹
            </ActionIcon>
            <ActionIcon aria-label={t(/*i18n*/ 'Next photo')} variant="white" radius="xl" size="lg" pos="absolute" right={10} top="45%" onClick={() => go(1)}>
              ›
            </ActionIcon>
            <Group gap={6} pos="absolute" bottom={10} left={0} right={0} justify="center">
              {list.map((_, k) => (
                <UnstyledButton
                  key={k}
                  aria-label={t(/*i18n*/ 'Photo {n}', { n: k + 1 })}
                  onClick={() => setI(k)}
                  w={10}
                  h={10}
                  style={{ borderRadius: 5, background: k === i ? 'white' : 'rgba(255,255,255,.5)' }}
                />
              ))}
            </Group>
          </>
        ) : null}
      </Box>
      {list.length > 1 ? (
        <Group gap={8}>
          {list.map((src, k) => (
            <UnstyledButton
              key={src + k}
              onClick={() => setI(k)}
              aria-label={t(/*i18n*/ 'Show photo {n}', { n: k + 1 })}
              style={{ outline: k === i ? '2px solid var(--mantine-color-brand-6)' : 'none', borderRadius: 8, overflow: 'hidden' }}
            >
              <Image src={thumbnailOf(src)} alt="" w={72} h={54} fit="cover" onError={showPlaceholder} />
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
