import { describe, expect, it } from 'vitest';
import { clip } from '@/domain/content/clip';
import { fixedPageHead, listingDescription, listingPreviewPath, listingTitle } from '@/domain/content/seo';
import { joinPath } from '@/domain/account/dealerTeam';
import type { Vehicle } from '@/domain/listing/vehicle';

const base = { year: 2015, make: 'Honda', model: 'Fit', variant: null, price: 6500, location: null, seller_location: 'Gweru' };

describe("a listing's title and description for search engines and link previews", () => {
  it("falls back to the seller's place, and says 'Price on request' without a price", () => {
    expect(listingTitle(base)).toBe('2015 Honda Fit – $6,500 – Gweru | Motokari');
    expect(listingTitle({ ...base, price: null, seller_location: null })).toBe('2015 Honda Fit – Price on request | Motokari');
  });

  it('cuts a long description at a word, within 160 characters, with an ellipsis', () => {
    const v = {
      ...base,
      id: 'x',
      vehicle_type: 'car',
      mileage: 120000,
      operating_hours: null,
      fuel_type: 'petrol',
      transmission: 'automatic',
      condition: 'used',
      description: 'word '.repeat(100),
      images: [],
    } as unknown as Vehicle;
    const text = listingDescription(v);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^2015 Honda Fit for sale in Gweru at \$6,500\. 120,000 km, Petrol, Automatic, Used\. word word/);
    expect(text.endsWith('word…')).toBe(true);
    expect(clip('short', 160)).toBe('short');
  });

  it("changes the preview's address when the main photo changes", () => {
    const a = listingPreviewPath({ id: 'abc', images: ['/media/1-full.webp'] });
    expect(a).toMatch(/^\/preview\/abc\.jpg\?v=\w+$/);
    expect(listingPreviewPath({ id: 'abc', images: ['/media/2-full.webp', '/media/1-full.webp'] })).not.toBe(a);
    expect(listingPreviewPath({ id: 'abc', images: ['/media/1-full.webp', '/media/3-full.webp'] })).toBe(a);
  });
});

describe('pages not for search engines', () => {
  it("keeps a team invitation's link out of search engines, as the signed-in screens", () => {
    expect(fixedPageHead(joinPath('abcdefghijklmnop'), 'https://motokari.example')?.noindex).toBe(true);
    expect(fixedPageHead('/dashboard', 'https://motokari.example')?.noindex).toBe(true);
    expect(fixedPageHead('/joinery', 'https://motokari.example')).toBeNull();
  });
});
