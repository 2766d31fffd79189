/** The product's PDF layer: a flowing page layout over pdf-lib with embedded fonts (flow.ts, fonts.ts). */
export * from './cards.ts';
export * from './flow.ts';
export * from './fonts.ts';
export * from './page-frame.ts';
export * from './sections.ts';
export * from './shapes.ts';
export * from './text.ts';
export * from './theme.ts';
