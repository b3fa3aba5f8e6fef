// Text written into HTML or XML that the server or the build makes (a page's head, a listing's facts,
// the opening screens, the sitemaps): escaped once, here.

/** Text safe inside an element or a quoted attribute of HTML or XML. */
export const escapeMarkup = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside a script element: `<` and the line separators written as escapes, so no text in it can close the element or break the script. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
