import { useSyncExternalStore } from 'react';

/** What the browser tells us about the connection and the user's motion preference. */
export interface HeroVideoConditions {
  /** navigator.connection.saveData; undefined where the Network Information API is absent. */
  saveData: boolean | undefined;
  /** navigator.connection.effectiveType ('slow-2g', '2g', '3g', '4g'); undefined where the API is absent. */
  effectiveType: string | undefined;
  /** `prefers-reduced-motion: reduce` is set. */
  reducedMotion: boolean;
  /** The page is at a mobile width (below Mantine's `sm` breakpoint). */
  mobile: boolean;
}

/**
 * The hero plays its video only where the connection is fast and Save-Data is off; otherwise it
 * shows the poster image. Data is expensive for our buyers, so a video is never the default on a
 * connection we know little about.
 *
 * Where the Network Information API is absent (Safari and Firefox, on phones as well as desktops)
 * we cannot tell a fast connection from a metered one: at mobile widths the phone is probably on
 * mobile data, so it gets the poster; at desktop widths the computer is probably on a fixed line,
 * so it gets the video. Reduced motion always wins: no autoplaying video at all.
 */
export function shouldPlayHeroVideo({ saveData, effectiveType, reducedMotion, mobile }: HeroVideoConditions): boolean {
  if (reducedMotion || saveData === true) return false;
  if (effectiveType === undefined) return !mobile;
  return effectiveType === '4g';
}

interface NetworkInformationLike extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function connection(): NetworkInformationLike | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

function subscribe(onChange: () => void): () => void {
  const motion = window.matchMedia(REDUCED_MOTION);
  const net = connection();
  motion.addEventListener('change', onChange);
  net?.addEventListener('change', onChange);
  return () => {
    motion.removeEventListener('change', onChange);
    net?.removeEventListener('change', onChange);
  };
}

/** Whether the hero should play its video now; follows connection and motion-preference changes. */
export function useHeroVideo(mobile: boolean): boolean {
  return useSyncExternalStore(
    subscribe,
    () => {
      const net = connection();
      return shouldPlayHeroVideo({ saveData: net?.saveData, effectiveType: net?.effectiveType, reducedMotion: window.matchMedia(REDUCED_MOTION).matches, mobile });
    },
    () => false,
  );
}
