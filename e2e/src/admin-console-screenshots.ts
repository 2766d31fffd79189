/**
 * Screenshots of the admin console at 1280 and 768 px, for looking at: the first table, the
 * organisations filtered by name, one organisation's edit screen, GraphiQL with a query answered
 * and its docs explorer, Explain (the form, a plan as role user, a refusal), the menu folded, and
 * a QAM refused.
 * Run: npx tsx e2e/src/admin-console-screenshots.ts → e2e/screenshots/admin-console-*.png
 */
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('admin-console-');

await runScreenshots(async (browser, base, width) => {
  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin-mnqa/');
  await page.getByRole('heading', { name: 'Tables' }).waitFor({ timeout: 30_000 });
  await shot(page, `home-${width}`, { fullPage: false });
  await page.getByRole('menuitem', { name: 'Organisations' }).click();
  await page.getByRole('row').nth(1).waitFor({ timeout: 30_000 });
  await shot(page, `list-${width}`, { fullPage: false });
  await page.getByRole('textbox', { name: 'Name' }).fill('Bay');
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('Bay'));
  await page.getByRole('row').nth(1).waitFor();
  await shot(page, `filtered-${width}`, { fullPage: false });
  await page.getByRole('row').nth(1).click();
  await page.getByRole('textbox', { name: 'Phone', exact: true }).waitFor();
  await shot(page, `edit-${width}`);

  await page.getByRole('menuitem', { name: 'GraphiQL' }).click();
  const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
  await editor.waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: /Execute query/ }).click();
  await page.locator('.graphiql-response').getByText('organisation_id').first().waitFor({ timeout: 30_000 });
  await shot(page, `graphiql-${width}`, { fullPage: false });
  await page.getByRole('button', { name: /Show Documentation Explorer/ }).click();
  await page.getByRole('link', { name: 'query_root' }).click();
  await page.getByRole('link', { name: 'practices', exact: true }).first().waitFor({ timeout: 30_000 });
  await shot(page, `graphiql-docs-${width}`, { fullPage: false });

  await page.getByRole('menuitem', { name: 'Explain' }).click();
  await page.getByRole('heading', { name: 'Explain a query' }).waitFor();
  await shot(page, `explain-form-${width}`, { fullPage: false });
  await page.getByRole('combobox', { name: 'Run as role' }).click();
  await page.getByRole('option', { name: 'user', exact: true }).click();
  await page.getByRole('textbox', { name: 'Variable 1 value' }).fill('1');
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
  await page.getByRole('heading', { name: /^Plan for/ }).waitFor({ timeout: 30_000 });
  await shot(page, `explain-plan-${width}`);
  await page.getByRole('textbox', { name: 'Variable 1 name' }).fill('user-id');
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
  await page.getByText(/A session variable is named/).waitFor();
  await shot(page, `explain-refused-${width}`, { fullPage: false });

  // The menu toggled (folded at 1280, unfolded at 768): each table keeps its own initials.
  await page
    .getByRole('button', { name: /Close menu|Open menu/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Organisations' }).waitFor();
  await shot(page, `menu-toggled-${width}`, { fullPage: false });
  await context.close();

  const refused = await newContext(browser, base, { width, height: 900 });
  const qamPage = await refused.newPage();
  await signIn(qamPage, 'qam@demo.test');
  await qamPage.goto('/admin-mnqa/');
  await qamPage.getByText('You do not have access to the admin console.').waitFor();
  await shot(qamPage, `refused-${width}`);
  await refused.close();
});
