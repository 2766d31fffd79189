import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineColorsTuple,
} from '@mantine/core';

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
  // Dialogs, menus and toasts appear without their transition for people who ask their system
  // for reduced motion (WCAG 2.3.3); Mantine animates them for everyone else.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // The option list itself scrolls (a plain overflow on role="listbox") instead of Mantine's
    // ScrollArea inside it: axe (scrollable-region-focusable) accepts a scrolling listbox that a
    // combobox controls, whose options the arrow keys reach, but not an unnamed scrolling div.
    Select: {
      defaultProps: { size: 'md', withScrollArea: false },
      styles: { options: { maxHeight: 220, overflowY: 'auto' } },
    },
    // Mantine's focus placeholder is a focusable element that is not a menu item inside
    // role="menu" (axe: aria-required-children); without it, opening a menu focuses its first
    // item, as the WAI-ARIA menu button pattern does.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // The close buttons of toasts and dialogs have only an icon (axe: button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A clearable date's clear button has only an icon too.
    DateInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear date' } } },
    // A dialog's header (its title and Close) is a <header>, which the browser exposes as a
    // second banner landmark beside the page's own while the dialog is open (axe:
    // landmark-no-duplicate-banner, landmark-unique); the dialog is named by its title already.
    ModalHeader: { defaultProps: { role: 'presentation' } },
    // Every page control is named (axe: button-name): the arrows have no text of their own.
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
          'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
        }),
      },
    },
  },
});

/** WCAG's contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text. */
const AA = 4.5;

/**
 * The text colour of a colour's light variant (badges, light buttons, alerts): Mantine uses
 * shade 9 on shade 1, which for yellow, orange, green and others is 2.7–3.8:1. Shade 9 is
 * darkened in 5 % steps until it reads at 4.5:1 on shade 1 and on shade 2 (the hover).
 */
export function lightVariantText(shades: readonly string[]): string {
  const [background, hover, text] = [shades[1] ?? '#fff', shades[2] ?? '#fff', shades[9] ?? '#000'];
  let color = text;
  for (let step = 1; step <= 20 && Math.min(contrast(color, background), contrast(color, hover)) < AA; step++)
    color = darken(text, step * 0.05);
  return color;
}

const lightVariantTexts = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, brand }).map(([name, shades]) => [
    `--mantine-color-${name}-light-color`,
    lightVariantText(shades),
  ]),
);

/**
 * Text colours that meet WCAG AA (4.5:1, axe color-contrast) on white and on the light greys and
 * tints the screens use: Mantine's defaults with our primary shade (8) do not for the dimmed grey
 * (gray.6, 3.3:1), the placeholder (gray.5), the error red (red.6, 3.3:1), light-variant text
 * (see `lightVariantText`), teal's filled and outline shade (teal.8, 3.9:1 under white text) and
 * red's outline (red.8, 4.3:1 on gray.0).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // 5.8:1 on white, 4.9:1 on gray.0 to gray.2.
    '--mantine-color-dimmed': '#5f666d',
    // 4.7:1 on white.
    '--mantine-color-placeholder': '#6c757d',
    // red.9: 5.5:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-filled': 'var(--mantine-color-teal-9)',
    '--mantine-color-teal-outline': 'var(--mantine-color-teal-9)',
    // The lightest teal behind teal's light text, which reads on shades 1 and 2 already.
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    ...lightVariantTexts,
  },
  dark: {},
});
