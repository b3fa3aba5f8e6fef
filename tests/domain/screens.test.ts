import { describe, expect, it } from 'vitest';
import { firstScreen, listingPageId, listingPhotoPreloadLink } from '@/domain/content/screens';

describe('the screen an address opens on', () => {
  it('knows a listing page by any of its three addresses', () => {
    for (const url of ['/car/abc', '/vehicle/abc', '/vehicles/abc/']) {
      expect(listingPageId(url), url).toBe('abc');
      expect(firstScreen(url), url).toBe('listing');
    }
    for (const url of ['/cars', '/car/', '/car/abc/edit', '/dealer/abc/inventory', '/car/%E0%A4%A']) expect(listingPageId(url), url).toBeNull();
  });

  it('knows every other screen worth fetching with the page by its addresses, and no other address', () => {
    const screens: [string, string | null][] = [
      ['/', 'home'],
      ['/cars', 'browse'],
      ['/construction/', 'browse'],
      ['/farming', 'browse'],
      ['/featured', 'featured'],
      ['/dealers/', 'dealers'],
      ['/dealer/d-1/inventory', 'dealerInventory'],
      ['/dashboard', 'dashboard'],
      ['/member-dashboard/', 'dashboard'],
      ['/dealer//inventory', null],
      ['/dealer/d-1', null],
      ['/carsx', null],
      ['/about', null],
      ['/sell', null],
    ];
    for (const [url, screen] of screens) expect(firstScreen(url), url).toBe(screen);
  });

  it("names a listing's first photo for the page to fetch early, only when it is on our own server", () => {
    expect(listingPhotoPreloadLink(['/media/a.webp', '/media/b.webp'])).toBe('</media/a.webp>; rel=preload; as=image; fetchpriority=high');
    expect(listingPhotoPreloadLink([])).toBeNull();
    expect(listingPhotoPreloadLink(['https://elsewhere.example/a.jpg'])).toBeNull();
    expect(listingPhotoPreloadLink(['//elsewhere.example/a.jpg'])).toBeNull();
    // Nothing that could end the header's entry early.
    expect(listingPhotoPreloadLink(['/media/a>.webp'])).toBeNull();
    expect(listingPhotoPreloadLink(['/media/a.webp, </evil.js>'])).toBeNull();
  });
});
