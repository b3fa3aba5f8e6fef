import { describe, expect, it } from 'vitest';
import { shouldPlayHeroVideo } from '@/app/features/search/useHeroVideo';

const fast = { saveData: false, effectiveType: '4g', downlink: 10, reducedMotion: false };

describe('the hero video plays only where the connection is fast and Save-Data is off', () => {
  it('plays on a 4g connection without Save-Data, on phones and desktops', () => {
    expect(shouldPlayHeroVideo({ ...fast, mobile: true })).toBe(true);
    expect(shouldPlayHeroVideo({ ...fast, mobile: false })).toBe(true);
  });

  it('shows the poster when Save-Data is on, even on 4g', () => {
    expect(shouldPlayHeroVideo({ ...fast, saveData: true, mobile: true })).toBe(false);
    expect(shouldPlayHeroVideo({ ...fast, saveData: true, mobile: false })).toBe(false);
  });

  it('shows the poster on slower connections', () => {
    for (const effectiveType of ['3g', '2g', 'slow-2g']) {
      expect(shouldPlayHeroVideo({ ...fast, effectiveType, mobile: false })).toBe(false);
      expect(shouldPlayHeroVideo({ ...fast, effectiveType, mobile: true })).toBe(false);
    }
  });

  it("shows the poster on a '4g' link whose measured downlink is slow (Chromium calls 1.6 Mbps '4g')", () => {
    expect(shouldPlayHeroVideo({ ...fast, downlink: 1.6, mobile: true })).toBe(false);
    expect(shouldPlayHeroVideo({ ...fast, downlink: 4.9, mobile: false })).toBe(false);
    expect(shouldPlayHeroVideo({ ...fast, downlink: 5, mobile: true })).toBe(true);
    // A browser that reports a type but no downlink is judged by the type.
    expect(shouldPlayHeroVideo({ ...fast, downlink: undefined, mobile: true })).toBe(true);
  });

  it('shows the poster when the user prefers reduced motion, whatever the connection', () => {
    expect(shouldPlayHeroVideo({ ...fast, reducedMotion: true, mobile: false })).toBe(false);
    expect(shouldPlayHeroVideo({ saveData: undefined, effectiveType: undefined, downlink: undefined, reducedMotion: true, mobile: false })).toBe(false);
  });

  it('without the Network Information API: the poster on phone widths, the video on desktop widths', () => {
    const unknown = { saveData: undefined, effectiveType: undefined, downlink: undefined, reducedMotion: false };
    expect(shouldPlayHeroVideo({ ...unknown, mobile: true })).toBe(false);
    expect(shouldPlayHeroVideo({ ...unknown, mobile: false })).toBe(true);
  });
});
