import { Anchor, Image, SimpleGrid } from '@mantine/core';
import { thumbnailOf } from '@/domain/listing/photos';
import { MESSAGE_TEXTS as T } from '@/domain/messages/texts';
import { useObjectUrls } from '@/app/shared/photos/useObjectUrls';
import { t } from '@/app/shared/i18n/language';

/**
 * A message's photos in its bubble: the server's as their thumbnails, each opening the full photo;
 * a waiting message's from the device (they may not be uploaded yet).
 */
export function MessagePhotos({ images, photos }: { images: string[]; photos: Blob[] }) {
  const local = useObjectUrls(photos);
  const count = images.length + local.length;
  if (!count) return null;
  return (
    <SimpleGrid cols={count > 1 ? 2 : 1} spacing={4} data-testid="message-photos" w={count > 1 ? 244 : 200} maw="100%">
      {images.map((url, i) => (
        <Anchor key={url} href={url} target="_blank" rel="noopener" aria-label={T.openPhoto(i + 1, t)} style={{ display: 'block' }}>
          <Image src={thumbnailOf(url)} alt={T.photo(i + 1, t)} radius="md" h={count > 1 ? 120 : 160} fit="cover" loading="lazy" />
        </Anchor>
      ))}
      {local.map((src, i) => (
        <Image key={src} src={src} alt={T.photo(images.length + i + 1, t)} radius="md" h={count > 1 ? 120 : 160} fit="cover" />
      ))}
    </SimpleGrid>
  );
}
