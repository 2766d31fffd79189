import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { signInAs, waitForAppShell } from './support/browser.ts';
import { createPractice, createUser, unique } from './support/factories.ts';
import { useE2e } from './support/suite.ts';

/**
 * The one console (docs/decisions/admin-console.md) working offline: the browser may reach only the
 * stack's own origin (every request to another host is refused), and a provider admin opens
 * /admin-mnqa/, opens GraphiQL (built into the app from npm: it loads, introspects — the docs
 * explorer lists `practices` — and runs a query as the admin), then Explain, which plans a query as
 * role `user` with an `x-hasura-user-id` and shows the SQL and PostgreSQL's plan. axe on each view.
 * GraphiQL keeps its tabs and query in sessionStorage, never localStorage.
 */
const e2e = useE2e();

const QUERY = '{ practices(limit: 1) { organisation_id } }';

describe('the admin console offline', { timeout: 180_000 }, () => {
  it('loads GraphiQL, introspects, runs a query as the admin and explains it as a user', async () => {
    const { page, stack, context } = e2e;
    const refused: string[] = [];
    await context.route('**', async (route) => {
      const { hostname } = new URL(route.request().url());
      if (hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
      refused.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    const admin = await createUser(stack.sql, { isAdmin: true, firstName: 'Olive', lastName: 'Offline' });
    // At least one practice of the test's own, whatever else the database holds.
    await createPractice(stack.sql, { name: `Offline Console Practice ${unique()}` });

    await signInAs(page, admin);
    await waitForAppShell(page, admin.name);
    await page.goto('/admin-mnqa/');
    await page.getByRole('heading', { name: 'Tables' }).waitFor({ timeout: 30_000 });

    // GraphiQL: its chunk, Monaco's workers and styles all come from the app's own origin.
    await page.getByRole('menuitem', { name: 'GraphiQL' }).click();
    const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
    await editor.waitFor({ timeout: 30_000 });
    // Introspected: the docs explorer shows the admin's root fields.
    await page.getByRole('button', { name: /Show Documentation Explorer/ }).click();
    await page.getByRole('link', { name: 'query_root' }).click();
    await page.getByRole('link', { name: 'practices', exact: true }).first().waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'GraphiQL in the admin console, the docs explorer open');

    // The query, pasted into the editor (typed, Monaco would add a closing brace to each).
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(
      (text) =>
        (
          globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void> } } }
        ).navigator.clipboard.writeText(text),
      QUERY,
    );
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+V');
    await expect
      .poll(async () =>
        ((await editor.locator('.view-lines').textContent()) ?? '').replace(/\s+/g, ' ').trim(),
      )
      .toBe(QUERY);
    await page.getByRole('button', { name: /Execute query/ }).click();
    const response = page.locator('.graphiql-response');
    await expect
      .poll(async () => (await response.textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/"organisation_id":\s*\d+/);
    // The row the admin was shown is a practice of the database.
    const shown = Number(/"organisation_id":\s*(\d+)/.exec((await response.textContent()) ?? '')![1]);
    const { rows } = await stack.sql.query('select 1 from practices where organisation_id = $1', [shown]);
    expect(rows).toHaveLength(1);
    await expectAccessible(page, 'GraphiQL in the admin console, a query answered');
    // Tabs, history and the query are kept for this session only: nothing in localStorage (F7).
    const kept = await page.evaluate(() => {
      const keys = (store: { length: number; key(i: number): string | null }) =>
        Array.from({ length: store.length }, (_, i) => store.key(i) ?? '');
      const g = globalThis as unknown as Record<
        'localStorage' | 'sessionStorage',
        { length: number; key(i: number): string | null }
      >;
      return { local: keys(g.localStorage), session: keys(g.sessionStorage) };
    });
    expect(kept.local.filter((key) => key.startsWith('graphiql:'))).toEqual([]);
    expect(kept.session).toEqual(expect.arrayContaining(['graphiql:tabState', 'graphiql:query']));

    // Explain: the same query, planned as role user with the admin's own id as x-hasura-user-id.
    await page.getByRole('menuitem', { name: 'Explain' }).click();
    await page.getByRole('heading', { name: 'Explain a query' }).waitFor();
    const query = page.getByRole('textbox', { name: 'Query' });
    expect((await query.inputValue()).replace(/\s+/g, ' ').trim()).toBe(QUERY);
    await page.getByRole('combobox', { name: 'Run as role' }).click();
    await page.getByRole('option', { name: 'user', exact: true }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Run as role' }).textContent()).toBe('user');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Variable 1 name' }).inputValue())
      .toBe('x-hasura-user-id');
    await page.getByRole('textbox', { name: 'Variable 1 value' }).fill(String(admin.id));
    await expectAccessible(page, 'Explain in the admin console, a query and a session');
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    const field = page.getByRole('region', { name: 'practices' });
    await field.waitFor({ timeout: 30_000 });
    expect(await field.locator('pre').first().textContent()).toMatch(/select/i);
    expect(await field.getByLabel('Plan of practices').textContent()).toMatch(/Scan|Index/);
    await field.getByRole('button', { name: 'Copy SQL' }).waitFor();
    await expectAccessible(page, 'Explain in the admin console, the SQL and plan');

    expect(refused).toEqual([]);
  });

  it('builds GraphiQL and Monaco into chunks of their own, loaded only when GraphiQL opens', () => {
    const { stack } = e2e;
    const assets = path.join(stack.webDist, 'assets');
    const index = readFileSync(path.join(stack.webDist, 'index.html'), 'utf8');
    const entry = /src="\/assets\/([^"]+\.js)"/.exec(index)?.[1];
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    const read = (file: string) => readFileSync(path.join(assets, file), 'utf8');
    const graphiql = scripts.filter((file) => read(file).includes('graphiql-doc-explorer'));
    const dataBrowser = scripts.filter((file) => read(file).includes('RaDatagrid'));
    expect(graphiql.length).toBeGreaterThan(0);
    for (const file of graphiql) {
      expect(file).not.toBe(entry);
      expect(dataBrowser).not.toContain(file);
    }
    // Monaco's workers are files of the app's own origin (the CSP's worker-src 'self').
    expect(scripts.filter((file) => /worker/.test(file)).length).toBeGreaterThanOrEqual(3);
    expect(index).not.toMatch(/graphiql|monaco/i);
  });
});
