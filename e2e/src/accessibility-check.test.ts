import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { useE2e } from './support/suite.ts';

/**
 * The accessibility check every journey uses (`expectAccessible`), on the real sign-in page under
 * the gateway's Content-Security-Policy: it passes a page without serious violations, fails one
 * with a readable list, leaves out a part only with a reason, and causes no CSP violation.
 */
const e2e = useE2e();

/** Adds a button with no name (axe: button-name, critical) to the sign-in card. */
const addNamelessButton = (id: string) =>
  e2e.page.evaluate(`(() => {
    const button = document.createElement('button');
    button.id = ${JSON.stringify(id)};
    document.querySelector('form')?.append(button);
  })()`);

describe('expectAccessible', () => {
  it('fails on a serious or critical violation with the rule, its impact, the target and the screen', async () => {
    const { page } = e2e;
    await page.goto('/Login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectAccessible(page, 'sign-in');

    await addNamelessButton('nameless');
    const failure = await expectAccessible(page, 'sign-in with a nameless button').then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^sign-in with a nameless button: 1 serious or critical accessibility violation/);
    expect(failure).toContain('- button-name (critical): Buttons must have discernible text');
    expect(failure).toContain('at #nameless');

    // Left out with a reason, the rest of the page is still checked and passes.
    await expectAccessible(page, 'sign-in without the nameless button', {
      exclude: [{ selector: '#nameless', reason: 'the test added it to see the check fail' }],
    });
    // A reason is required.
    await expect(
      expectAccessible(page, 'sign-in', { exclude: [{ selector: '#nameless', reason: ' ' }] }),
    ).rejects.toThrow('every exclusion needs a selector and a reason');

    // axe ran in the page without tripping the Content-Security-Policy.
    expect(e2e.pageErrors).toEqual([]);
    // The check after the test (every open page) would fail on the button: take it away.
    await page.evaluate("document.querySelector('#nameless')?.remove()");
  });
});
