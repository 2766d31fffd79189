import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startE2eStack } from './stack.ts';

/** Where every screenshot script writes (git ignores it). */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../screenshots');

export interface ShotOptions {
  /** The whole page rather than the viewport (default true). */
  fullPage?: boolean;
  /** Time for transitions (menus, alerts, loading bars) to finish, in ms (default 600). */
  settleMs?: number;
}

/** Takes `<prefix><name>.png` once the page is idle and its fonts are loaded. */
export type Shot = (page: Page, name: string, options?: ShotOptions) => Promise<void>;

/** A `Shot` writing `<prefix><name>.png`; `defaults` apply unless a call says otherwise. */
export function screenshotTaker(prefix: string, defaults: ShotOptions = {}): Shot {
  return async (page, name, options = {}) => {
    const { fullPage = true, settleMs = 600 } = { ...defaults, ...options };
    await page.waitForLoadState('networkidle');
    await page.evaluate('document.fonts.ready');
    await page.waitForTimeout(settleMs);
    const file = `${prefix}${name}.png`;
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, file), fullPage });
    console.log(`  ${file}`);
  };
}

/**
 * Runs a screenshot script: one real stack (embedded PostgreSQL, production web build) and one
 * Chromium, `run` once per width, everything stopped afterwards; the stack's last log lines are
 * printed when a step fails.
 */
export async function runScreenshots(
  run: (browser: Browser, base: string, width: number) => Promise<void>,
  widths: readonly number[] = [1280, 768],
): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const stack = await startE2eStack({ database: 'embedded' });
  const browser = await launchBrowser();
  try {
    for (const width of widths) await run(browser, stack.url, width);
  } catch (error) {
    console.error(stack.logs().split('\n').slice(-60).join('\n'));
    throw error;
  } finally {
    await browser.close();
    await stack.stop();
  }
}
