import { startTransition, useEffect, useRef, useState } from 'react';
import { snapshot, subscribe } from 'valtio';

function sameFields<R extends object>(a: R, b: R): boolean {
  const keys = Object.keys(a) as (keyof R)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

/**
 * What `pick` reads from a valtio store's snapshot, kept current as a transition. useSnapshot
 * re-renders at once and in one go, which is right for small widgets but not for a whole screen: a
 * sync finishing or the buyer's position arriving re-renders its grid of cards, and on a slow phone
 * that blocks taps and scrolling for a noticeable moment. Here React renders the change in slices it
 * can interrupt. `pick` returns a flat object; an update that leaves its fields as they were does
 * not re-render.
 */
export function useTransitionSnapshot<T extends object, R extends object>(store: T, pick: (s: T) => R): R {
  const pickRef = useRef(pick);
  pickRef.current = pick;
  const [value, setValue] = useState(() => pick(snapshot(store) as T));
  useEffect(() => {
    const update = () => {
      const next = pickRef.current(snapshot(store) as T);
      startTransition(() => setValue((prev) => (sameFields(prev, next) ? prev : next)));
    };
    // A change between the first render and this subscription is not missed.
    update();
    return subscribe(store, update);
  }, [store]);
  return value;
}
