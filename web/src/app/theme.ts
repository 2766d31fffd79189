import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** The brand's deep teal, light to dark. */
const brand: MantineColorsTuple = [
  '#e6f5f3',
  '#cde8e5',
  '#9dd1cb',
  '#69b9b1',
  '#40a59b',
  '#25978d',
  '#108f85',
  '#007c73',
  '#006e66',
  '#005f58',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand },
  fontFamily: "'Inter Variable', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: {
    fontFamily: "'Inter Variable', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontWeight: '650',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    // The close buttons of a modal and a toast are icons: they need a name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});
