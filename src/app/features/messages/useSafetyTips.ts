import { useState } from 'react';
import { useSession } from '@/app/shared/session/session';

const SEEN_KEY = 'motokari.safetyTipsSeen';

function seenBy(): string[] {
  try {
    const raw = localStorage.getItem(SEEN_KEY);
    const ids = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(ids) ? ids.filter((i): i is string => typeof i === 'string') : [];
  } catch {
    return [];
  }
}

/** The safety tips: shown until the person has seen them once (kept on this device, per account). */
export function useSafetyTips(): { show: boolean; dismiss(): void } {
  const userId = useSession().user?.id ?? '';
  const [dismissed, setDismissed] = useState(false);
  const show = !dismissed && !seenBy().includes(userId);
  return {
    show,
    dismiss: () => {
      setDismissed(true);
      try {
        localStorage.setItem(SEEN_KEY, JSON.stringify([...seenBy().filter((i) => i !== userId), userId]));
      } catch (err) {
        console.warn('safety tips not remembered', err);
      }
    },
  };
}
