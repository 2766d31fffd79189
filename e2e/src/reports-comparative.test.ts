import { accreditationPath, COMPARATIVE_REPORT_PATH } from '@portal/domain';
import { createComparativeWorld } from '@portal/testkit/comparative-factories';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { signInAs, waitForAppShell } from './support/browser.ts';
import { createPracticeManager } from './support/factories.ts';
import { useE2e } from './support/suite.ts';

/**
 * The comparative report (docs/decisions/reports.md) as a practice manager: from the Accreditation
 * tab's 'Compare with peers' to /Reports/Comparative?practice=<id>, the practice against its
 * network (4 peers: not shown), its state and all practices, no peer named anywhere on the page;
 * the same manager at another practice's id is refused. The data is the test's own
 * (`createComparativeWorld`).
 */
const e2e = useE2e();

describe('the comparative report', () => {
  it('shows a practice manager their practice against aggregates only, and refuses another practice', async () => {
    const { page, stack } = e2e;
    const world = await createComparativeWorld(stack.sql, ` ${Date.now().toString(36)}`);
    await stack.sql.query('update public.accreditations set is_first_view = false where practice_id = $1', [
      world.harbour,
    ]);
    const manager = await createPracticeManager(stack.sql, [{ id: world.harbour }], {
      firstName: 'Mia',
      lastName: 'Harbour',
    });
    await signInAs(page, manager);
    await waitForAppShell(page, manager.name);

    await page.goto(accreditationPath(world.harbour));
    await page.getByRole('link', { name: 'Compare with peers' }).click();
    await page.waitForURL((url) => url.pathname === '/Reports/Comparative');
    expect(new URL(page.url()).searchParams.get('practice')).toBe(String(world.harbour));
    await page.getByRole('heading', { name: 'Comparative Report', level: 1 }).waitFor();
    await page.getByRole('heading', { name: world.names[0] }).waitFor();

    const standards = page.getByRole('table', { name: 'Met rate by standard' });
    await standards.waitFor();
    // The network (4 peers) is withheld; the state (5 peers) and all practices (9) are shown.
    const networkRow = standards
      .getByRole('row')
      .filter({ hasText: `Network: ${world.networkName}` })
      .first();
    await expect(networkRow.textContent()).resolves.toContain('Not shown: fewer than 5 practices');
    const stateRow = standards.getByRole('row').filter({ hasText: 'State: NSW' }).first();
    const stateCells = await stateRow.getByRole('cell').allTextContents();
    expect(stateCells.slice(1, 8)).toEqual(['State: NSW', '5', '75.0%', '50.0%', '75.0%', '100.0%', '50']);
    await page.getByRole('table', { name: 'Non-conformities by risk rating (per survey)' }).waitFor();
    await page.getByRole('table', { name: 'Cycle times (days)' }).waitFor();
    await page.getByRole('button', { name: 'Export CSV: Met rate by standard' }).waitFor();

    // No peer's name anywhere on the screen.
    const text = await page.locator('body').innerText();
    for (const name of world.names.slice(1)) expect(text).not.toContain(name);
    await expectAccessible(page, 'the comparative report of a practice manager');

    // Another practice's id in the address: refused, and nothing of it shown.
    await page.goto(`${COMPARATIVE_REPORT_PATH}?practice=${world.networkPeers[0]}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'You can compare only the practices you manage.' })
      .waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain('Coastal Peer 1');
    await expectAccessible(page, 'the comparative report refused for another practice');
  });
});
