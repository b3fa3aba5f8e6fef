import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { cardPhotoUrl, thumbnailOf } from '@/domain/listing/photos';

describe('photo renditions', () => {
  it("names an uploaded photo's thumbnail beside it", () => {
    expect(thumbnailOf('/media/0123456789abcdef0123456789abcdef-full.webp')).toBe('/media/0123456789abcdef0123456789abcdef-thumb.webp');
    expect(thumbnailOf('https://cdn.example.com/media/ab-full.webp')).toBe('https://cdn.example.com/media/ab-thumb.webp');
  });

  it('leaves any other photo as it is', () => {
    expect(thumbnailOf('/seed/corolla.jpg')).toBe('/seed/corolla.jpg');
    expect(thumbnailOf('/media/ab-full.webp?v=2')).toBe('/media/ab-full.webp?v=2');
    expect(thumbnailOf('/media/ab-full.webp.png')).toBe('/media/ab-full.webp.png');
  });

  it("shows a card the listing's first photo's thumbnail, or the placeholder", () => {
    expect(cardPhotoUrl('/media/ab-full.webp')).toBe('/media/ab-thumb.webp');
    expect(cardPhotoUrl(undefined)).toBe(PLACEHOLDER_IMAGE);
    expect(cardPhotoUrl('')).toBe(PLACEHOLDER_IMAGE);
  });
});
