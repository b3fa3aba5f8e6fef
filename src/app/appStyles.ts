/**
 * Applies the app's stylesheets, which the page only preloads (vite.config.ts) so they do not hold up
 * the opening screen's first paint, and resolves once they are loaded: the app's first render must
 * not be drawn unstyled. Each goes where its preload was, ahead of the screens' own stylesheets, so
 * the cascade keeps its order. Resolves at once where there is none (the development server).
 */
export function applyAppStyles(): Promise<void> {
  const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-style]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((done) => {
          const sheet = document.createElement('link');
          sheet.rel = 'stylesheet';
          sheet.crossOrigin = preload.crossOrigin;
          sheet.href = preload.href;
          // A stylesheet that failed is not waited for: the app still starts (unstyled beats blank).
          sheet.onload = sheet.onerror = () => done();
          preload.replaceWith(sheet);
        }),
    ),
  ).then(() => undefined);
}
