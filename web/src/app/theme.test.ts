import { DEFAULT_THEME, luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, lightVariantText, theme } from './theme.ts';

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('the theme’s text colours (WCAG AA, 4.5:1)', () => {
  const light = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME).light;

  it('dimmed text reads on white and on the light greys', () => {
    const dimmed = light['--mantine-color-dimmed']!;
    for (const background of ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[2]])
      expect(contrast(dimmed, background), background).toBeGreaterThanOrEqual(4.5);
  });

  it('the error red is red.9, which reads on white', () => {
    expect(light['--mantine-color-error']).toBe('var(--mantine-color-red-9)');
    expect(contrast(DEFAULT_THEME.colors.red[9], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('the placeholder, teal’s filled and outline colour and red’s outline read on white and gray.0', () => {
    const { gray, red, teal } = DEFAULT_THEME.colors;
    expect(contrast(light['--mantine-color-placeholder']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(light['--mantine-color-teal-filled']).toBe('var(--mantine-color-teal-9)');
    expect(light['--mantine-color-teal-outline']).toBe('var(--mantine-color-teal-9)');
    // White text on a filled teal button; teal text and border of an outline one.
    expect(contrast('#ffffff', teal[9])).toBeGreaterThanOrEqual(4.5);
    expect(light['--mantine-color-red-outline']).toBe('var(--mantine-color-red-9)');
    expect(contrast(red[9], gray[0])).toBeGreaterThanOrEqual(4.5);
    // teal's light text on its light background (teal.0 here).
    expect(light['--mantine-color-teal-light']).toBe('var(--mantine-color-teal-0)');
    expect(contrast(lightVariantText(teal), teal[0])).toBeGreaterThanOrEqual(4.5);
  });

  it('every colour’s light-variant text reads on its shades 1 and 2, and is what the theme sets', () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      const text = lightVariantText(shades);
      expect(light[`--mantine-color-${name}-light-color`], name).toBe(text);
      expect(contrast(text, shades[1]), `${name} on shade 1`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, shades[2]), `${name} on shade 2`).toBeGreaterThanOrEqual(4.5);
    }
    // Shade 9 stays where it already reads (gray.9 on gray.1 is 13:1).
    expect(lightVariantText(DEFAULT_THEME.colors.gray)).toBe(DEFAULT_THEME.colors.gray[9]);
  });
});
