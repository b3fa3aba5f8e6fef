// The shell's measurements and marks shared by the React shell (Shell.tsx) and the opening screen a
// first visit to / arrives with (src/app/openingScreen.ts), which is plain HTML.

/** The sync status line's height, kept while it has nothing to say, so the screen under it never moves when it fills. */
export const SYNC_STATUS_HEIGHT_PX = 27;

/** The logo's mark: the M drawn on a 36 px rounded square. */
export const LOGO_MARK = { size: 36, radius: 10, path: 'M11 25V11.5l7 8.5 7-8.5V25', strokeWidth: 3.6 } as const;
/** The product's name beside the mark. */
export const LOGO_NAME = { fontWeight: 850, fontPx: 22, gapPx: 8 } as const;

/** The top bar's language switch (issue 39): its width, kept while its code loads so nothing moves when it arrives. */
export const LANGUAGE_SWITCH_WIDTH_PX = 112;
