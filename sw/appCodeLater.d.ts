/** The app's code a first visit does not precache (the seller's, admin and content screens): vite.config.ts writes it. */
declare module 'virtual:app-code-later' {
  const urls: string[];
  export default urls;
}
