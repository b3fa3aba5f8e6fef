import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Motokari green (Zimbabwe's flag and its farmland) with a warm savanna-gold accent.
const brand: MantineColorsTuple = ['#e6f7f0', '#cdeee0', '#9bdcc1', '#64c9a0', '#38b884', '#1fa773', '#0f8a5e', '#0b6e4f', '#075a40', '#034430'];
// Shade 7 is what filled badges and alerts use, with dark text on it: #c08800 keeps that text at
// 5:1 contrast (WCAG AA), where a deeper gold fell to 4.3:1.
const gold: MantineColorsTuple = ['#fff8e1', '#ffefc2', '#ffdf85', '#ffce47', '#ffc01a', '#f5b000', '#d99a00', '#c08800', '#8a6200', '#664800'];
// Mantine's grays, with shade 6 (the 'dimmed' text colour) deepened from #868e96 (3.3:1 on white)
// to #5f666e (5.8:1 on white, 5.2:1 on gray.1): secondary text stays readable in sunlight too.
const gray: MantineColorsTuple = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#5f666e', '#495057', '#343a40', '#212529'];
// Light buttons are shade 9 on shade 1: Mantine's green gave 3.8:1 there (the WhatsApp buttons);
// #237032 gives 5.3:1.
const green: MantineColorsTuple = ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#37b24d', '#2f9e44', '#237032'];
// Form errors are red 6 and red text (Sign Out) is red 7: Mantine's #fa5252 and #f03e3e read at
// 3.3:1 and 3.8:1 on white; these give 5.0:1 and 5.5:1.
const red: MantineColorsTuple = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#d42a2a', '#c92a2a', '#b02525', '#a61e1e'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, gold, gray, green, red },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '750' },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
  },
});
