import { useEffect, useRef } from 'react';
import { NAV_HEIGHT_PX } from '@/domain/core/constants';

/**
 * A part that appears below what the person just pressed, brought into view when it appears (on a
 * phone it would be off screen), clear of the fixed top bar.
 */
export function useScrolledTo<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.scrollMarginTop = `${NAV_HEIGHT_PX + 16}px`;
    el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  return ref;
}
