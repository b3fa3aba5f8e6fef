import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSaveData } from '@/app/shared/sync/dataSaver';

/** What the browser tells us about the connection and the user's motion preference. */
export interface HeroVideoConditions {
  /** navigator.connection.saveData; undefined where the Network Information API is absent. */
  saveData: boolean | undefined;
  /** navigator.connection.effectiveType ('slow-2g', '2g', '3g', '4g'); undefined where the API is absent. */
  effectiveType: string | undefined;
  /** navigator.connection.downlink, the measured bandwidth in Mbps (Chromium caps it at 10); undefined where absent. */
  downlink: number | undefined;
  /** `prefers-reduced-motion: reduce` is set. */
  reducedMotion: boolean;
  /** The page is at a mobile width (below Mantine's `sm` breakpoint). */
  mobile: boolean;
}

/** Measured bandwidth the hero video needs, in Mbps: its 0.25 MB then takes well under a second. */
export const HERO_VIDEO_MIN_DOWNLINK_MBPS = 5;

/**
 * The hero plays its video only where the connection is fast and Save-Data is off; otherwise it
 * shows the poster image. Data is expensive for our buyers, so a video is never the default on a
 * connection we know little about. Fast means the measured downlink, not the effective type alone:
 * Chromium calls a 1.6 Mbps phone link '4g'.
 *
 * Where the Network Information API is absent (Safari and Firefox, on phones as well as desktops)
 * we cannot tell a fast connection from a metered one: at mobile widths the phone is probably on
 * mobile data, so it gets the poster; at desktop widths the computer is probably on a fixed line,
 * so it gets the video. Reduced motion always wins: no autoplaying video at all.
 */
export function shouldPlayHeroVideo({ saveData, effectiveType, downlink, reducedMotion, mobile }: HeroVideoConditions): boolean {
  if (reducedMotion || saveData === true) return false;
  if (effectiveType === undefined) return !mobile;
  return effectiveType === '4g' && (downlink === undefined || downlink >= HERO_VIDEO_MIN_DOWNLINK_MBPS);
}

interface NetworkInformationLike extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
  downlink?: number;
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

/**
 * True once the page has loaded and the browser is idle. Until then the hero shows its poster, so
 * even on a fast connection the video never competes with the first screen's code, data and photos.
 */
function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let idle = 0;
    const whenIdle = () => {
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(() => setSettled(true), { timeout: 2000 }) : window.setTimeout(() => setSettled(true), 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return settled;
}

/**
 * Whether the hero should play its video now: once the page has settled, and then following
 * connection and motion-preference changes; never under Save-Data, the browser's or the person's
 * choice on the "Data on this device" screen.
 */
export function useHeroVideo(mobile: boolean): boolean {
  const settled = usePageSettled();
  const saveData = useSaveData();
  const wanted = useSyncExternalStore(
    subscribe,
    () => {
      const net = connection();
      return shouldPlayHeroVideo({ saveData: net?.saveData, effectiveType: net?.effectiveType, downlink: net?.downlink, reducedMotion: window.matchMedia(REDUCED_MOTION).matches, mobile });
    },
    () => false,
  );
  return settled && wanted && !saveData;
}
