import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { brand, FONT_FAMILY, gold, gray } from './brandColors';

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
  fontFamily: FONT_FAMILY,
  headings: { fontWeight: '750' },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
  },
});
