import type { MantineColorsTuple } from '@mantine/core';

// Motokari green (Zimbabwe's flag and its farmland) with a warm savanna-gold accent. Apart from the
// theme so the home page's prerendered opening screen (openingScreen.ts, built without React or
// Mantine) draws the same colours.
export const brand: MantineColorsTuple = ['#e6f7f0', '#cdeee0', '#9bdcc1', '#64c9a0', '#38b884', '#1fa773', '#0f8a5e', '#0b6e4f', '#075a40', '#034430'];
// Shade 7 is what filled badges and alerts use, with dark text on it: #c08800 keeps that text at
// 5:1 contrast (WCAG AA), where a deeper gold fell to 4.3:1.
export const gold: MantineColorsTuple = ['#fff8e1', '#ffefc2', '#ffdf85', '#ffce47', '#ffc01a', '#f5b000', '#d99a00', '#c08800', '#8a6200', '#664800'];
// Mantine's grays, with shade 6 (the 'dimmed' text colour) deepened from #868e96 (3.3:1 on white)
// to #5f666e (5.8:1 on white, 5.2:1 on gray.1): secondary text stays readable in sunlight too.
export const gray: MantineColorsTuple = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#5f666e', '#495057', '#343a40', '#212529'];

export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
