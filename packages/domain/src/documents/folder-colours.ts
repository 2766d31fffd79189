/**
 * The folder tiles' colours (spec 002 §2 "a colour cycled from a fixed palette", palette not
 * shown): eight hues, each dark enough for white text and icons at WCAG AA (contrast ≥ 4.5:1).
 */
export const FOLDER_COLOURS = [
  '#1864ab',
  '#0b7285',
  '#087f5b',
  '#8f5b00',
  '#c92a2a',
  '#a61e4d',
  '#862e9c',
  '#5f3dc4',
] as const;

/** The colour of the folder at this position of the grid (0-based), cycling through the palette. */
export function folderColour(index: number): string {
  const n = FOLDER_COLOURS.length;
  return FOLDER_COLOURS[((Math.trunc(index) % n) + n) % n]!;
}
