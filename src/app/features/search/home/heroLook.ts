import type { HeroVariant } from '@/domain/content/home';

// The home hero's measurements and shading, for the hero component (HomeHero.tsx) and for the
// opening screen the page is sent with (openingScreen.ts), so the two draw the same picture.

/** The hero's box has a fixed height, so nothing below it moves whether the video, the poster or nothing has loaded yet. */
export const HERO_HEIGHT_PX: Record<HeroVariant, number> = { mobile: 400, desktop: 440 };

/** The headline's size, px. */
export const HERO_TITLE_PX: Record<HeroVariant, number> = { mobile: 30, desktop: 48 };

/** The shade over the picture that keeps the white headline readable. */
export const HERO_OVERLAY: Record<HeroVariant, string> = {
  mobile: 'linear-gradient(180deg, rgba(3,68,48,0.92) 0%, rgba(3,68,48,0.7) 45%, rgba(3,68,48,0.1) 75%, rgba(3,68,48,0) 100%)',
  desktop: 'linear-gradient(90deg, rgba(3,68,48,0.94) 0%, rgba(3,68,48,0.75) 38%, rgba(3,68,48,0.15) 68%, rgba(3,68,48,0) 100%)',
};

/** How the picture (or video) fills the box. */
export const HERO_FILL = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'center bottom', display: 'block' } as const;

/** The headline and the line under it: the desktop column's width, the space above it on phones and below it on desktops. */
export const HERO_COPY = { maxWidthPx: 600, phoneTopPx: 24, desktopBottomPx: 24 } as const;

/** The shadows that lift the white words off the picture. */
export const HERO_TEXT_SHADOW = { title: '0 2px 16px rgba(0,0,0,0.35)', lead: '0 1px 8px rgba(0,0,0,0.4)' } as const;
