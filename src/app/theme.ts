import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Motokari green (Zimbabwe's flag and its farmland) with a warm savanna-gold accent.
const brand: MantineColorsTuple = ['#e6f7f0', '#cdeee0', '#9bdcc1', '#64c9a0', '#38b884', '#1fa773', '#0f8a5e', '#0b6e4f', '#075a40', '#034430'];
const gold: MantineColorsTuple = ['#fff8e1', '#ffefc2', '#ffdf85', '#ffce47', '#ffc01a', '#f5b000', '#d99a00', '#b07d00', '#8a6200', '#664800'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, gold },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '750' },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
  },
});
