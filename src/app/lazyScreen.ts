import { createElement, lazy, type ComponentType } from 'react';

export interface LazyScreen<P extends object> {
  /** The component: suspends while its code loads, like React.lazy; renders at once once it has loaded. */
  Screen: ComponentType<P>;
  /** Starts loading the code (or returns the load under way); the component renders without suspending after it. */
  preload: () => Promise<unknown>;
}

/**
 * React.lazy for a screen whose code may be fetched before it renders. React.lazy suspends on its
 * first render even when the code is already here, so the first commit would show the Suspense
 * fallback (the spinner) in place of the page's opening screen, then the screen. After `preload`
 * has resolved, this renders the screen directly.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        loading = null; // the next render or preload tries again
        throw err;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  function Screen(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  return { Screen, preload };
}
