import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { ACTION_TIMEOUT_MS, openSignedIn } from './support/browser.ts';
import { createPractice, createPracticeManager } from './support/factories.ts';
import { useE2e } from './support/suite.ts';

/**
 * The navigation in a real browser: on a tablet (768 px) it opens over the page, which keeps its
 * width, and Escape, the scrim and a followed link close it; on a desktop (1280 px) it sits beside
 * the page, which makes room for it.
 */
const e2e = useE2e();
const POLL = { timeout: ACTION_TIMEOUT_MS, interval: 100 };
const NAV_WIDTH = 248;

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (page: Page, selector: string): Promise<Box> => {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on show`);
  return box;
};
/**
 * The page's own content: the first block in the shell's main region (<main> itself spans the
 * window, making room for a navbar beside it with padding).
 */
const mainBox = (page: Page) => boxOf(page, 'main > div');
// Code run in the page; e2e has no DOM types, so it is written as text.
/** The layout width of the window, without a scrollbar if there is one. */
const viewportWidth = (page: Page) => page.evaluate<number>('document.documentElement.clientWidth');
/** What a click at (x, y) would land on: inside the navigation dialog, the scrim, or the page. */
const hitAt = (page: Page, x: number, y: number) =>
  page.evaluate<string>(`(() => {
    const element = document.elementFromPoint(${x}, ${y});
    if (element?.closest('[role=dialog][aria-label=Navigation]')) return 'navigation';
    if (element?.closest('.mantine-Drawer-overlay')) return 'scrim';
    if (element?.closest('main')) return 'page';
    return element?.tagName ?? 'nothing';
  })()`);
const focusedLabel = (page: Page) =>
  page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label') ?? null");
const focusInNavigation = (page: Page) =>
  page.evaluate<boolean>("!!document.activeElement?.closest('[role=dialog][aria-label=Navigation]')");

/**
 * Signs a manager of two practices in at this width and opens the practice list (with one
 * practice the list would open it instead).
 */
async function practiceList(width: number) {
  const practices = [await createPractice(e2e.stack.sql), await createPractice(e2e.stack.sql)];
  const manager = await createPracticeManager(e2e.stack.sql, practices);
  const page = await e2e.newPage({ width, height: 1024 });
  await openSignedIn(page, manager, '/Practice/List');
  await page.getByRole('heading', { name: 'Practices', exact: true }).waitFor();
  await page.getByTestId(`practice-row-${practices[0]!.id}`).waitFor();
  return page;
}

describe('the navigation on a 768 px tablet', () => {
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Navigation' });

  async function open(page: Page) {
    await page.getByRole('button', { name: 'Show navigation' }).click();
    await dialog(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    // The slide-in is over once the navigation is at the left edge.
    await expect
      .poll(async () => (await boxOf(page, '[role=dialog][aria-label=Navigation]')).x, POLL)
      .toBe(0);
  }

  it('opens over the page, which keeps its full width, with a scrim over the rest; Escape closes it', async () => {
    const page = await practiceList(768);
    const burger = page.getByRole('button', { name: 'Show navigation' });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    const before = await mainBox(page);
    expect(before.x).toBe(0);
    expect(before.width).toBe(await viewportWidth(page));
    await expectAccessible(page, 'the shell at 768 px, navigation closed');

    await open(page);
    const hide = page.getByRole('button', { name: 'Hide navigation' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    expect(await mainBox(page)).toEqual(before);
    const nav = await boxOf(page, '[role=dialog][aria-label=Navigation]');
    expect(nav.width).toBe(NAV_WIDTH);
    // The navigation covers the left of the page, the scrim the rest; the header stays usable.
    expect(await hitAt(page, 120, 400)).toBe('navigation');
    expect(await hitAt(page, 600, 400)).toBe('scrim');
    expect(await hitAt(page, 20, 32)).not.toBe('scrim');
    // Focus went into the navigation.
    expect(await focusInNavigation(page)).toBe(true);
    await expectAccessible(page, 'the shell at 768 px, navigation open over the page');

    // Escape closes it, focus back on the burger.
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await focusedLabel(page)).toBe('Show navigation');
    expect(await page.getByRole('button', { name: 'Show navigation' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('closes on a click on the scrim, with the burger, and after following a link', async () => {
    const page = await practiceList(768);
    await open(page);
    await page.mouse.click(600, 500);
    await dialog(page).waitFor({ state: 'detached' });
    // The click went to the scrim, not to the practice list underneath.
    expect(new URL(page.url()).pathname).toBe('/Practice/List');

    // The burger stays above the scrim and closes it too.
    await open(page);
    await page.getByRole('button', { name: 'Hide navigation' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    await open(page);
    await dialog(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/Dashboard');
    await expectAccessible(page, 'the dashboard at 768 px');
    const main = await mainBox(page);
    expect([main.x, main.width]).toEqual([0, await viewportWidth(page)]);
  });
});

describe('the navigation on a 1280 px desktop', () => {
  it('starts open beside the page, which makes room for it; the burger hides and shows it', async () => {
    const page = await practiceList(1280);
    const width = await viewportWidth(page);
    const hide = page.getByRole('button', { name: 'Hide navigation' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect((await nav.boundingBox())?.x).toBeLessThan(NAV_WIDTH);
    expect(await mainBox(page)).toMatchObject({ x: NAV_WIDTH, width: width - NAV_WIDTH });
    expect(await page.getByRole('dialog', { name: 'Navigation' }).count()).toBe(0);
    expect(await hitAt(page, 600, 400)).toBe('page');
    await expectAccessible(page, 'the shell at 1280 px, navigation open beside the page');

    await hide.click();
    const show = page.getByRole('button', { name: 'Show navigation' });
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(async () => (await mainBox(page)).x, POLL).toBe(0);
    expect((await mainBox(page)).width).toBe(width);
    // Out of view and out of reach: inert, so its links take no focus and are not announced.
    expect(await page.locator('[inert] nav[aria-label="Main navigation"]').count()).toBe(1);
    await page.getByRole('link', { name: 'Comparative Report' }).focus();
    expect(await focusedLabel(page)).toBe('Show navigation');
    await expectAccessible(page, 'the shell at 1280 px, navigation collapsed');

    await show.click();
    await expect.poll(async () => (await mainBox(page)).x, POLL).toBe(NAV_WIDTH);
    expect(await page.getByRole('dialog', { name: 'Navigation' }).count()).toBe(0);
  });
});
