import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a journey (axe's 'moderate' and 'minor' are reported, not failed). */
const FAILING = new Set(['serious', 'critical']);

/**
 * The one finding we do not fail on, with why: the header's account menu is named 'Account menu
 * for <name>', which holds the name it shows (a speech user says the name, WCAG 2.5.3's aim);
 * axe also counts the avatar's initials and the role line as its label, which no name can hold
 * in axe's order (it joins them without spaces: 'MMMorgan Lee').
 */
const ALLOWED = [{ rule: 'label-content-name-mismatch', target: '[aria-label^="Account menu for "]' }];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string; allowed: boolean }[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA, and axe's best practices) on what the page shows now and
 * throws a readable list of every serious or critical violation. axe is evaluated through the
 * DevTools protocol, which the page's Content-Security-Policy does not govern, so the app's own
 * policy stays as it is. `screen` names the screen in the message.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(AXE_SOURCE);
  // A string, as the e2e workspace is type-checked without the DOM's types.
  const violations = (await page.evaluate(`(async (allowed) => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target,
        failureSummary: n.failureSummary,
        allowed: allowed.some((a) => a.rule === v.id && document.querySelector(String(n.target[0]))?.matches(a.target)),
      })),
    }));
  })(${JSON.stringify(ALLOWED)})`)) as AxeViolation[];
  const failing = violations
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !n.allowed) }))
    .filter((v) => FAILING.has(v.impact ?? '') && v.nodes.length > 0);
  if (failing.length === 0) return;
  const lines = failing.flatMap((v) => [
    `- ${v.id} (${v.impact}): ${v.help}`,
    ...v.nodes
      .slice(0, 5)
      .map((n) => `    at ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
  ]);
  throw new Error(`accessibility violations on ${screen}:\n${lines.join('\n')}`);
}
