/**
 * Screenshots of the signed-out pages and the app shell, for looking at.
 * Run: npx tsx e2e/src/screenshots.ts  → e2e/screenshots/*.png
 * Builds the web app, serves it with the REST contract stubbed, drives Debian's Chromium.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { createContractStub } from './contract-stub.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const webDir = path.join(root, 'web');
const dist = path.join(webDir, 'dist');
const out = path.join(root, 'e2e/screenshots');
const PASSWORD = 'Demo-pass-1';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

async function serve(): Promise<{ url: string; close: () => void }> {
  const stub = createContractStub();
  const server = createServer(async (req, res) => {
    if (await stub(req, res)) return;
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(dist, pathname);
    if (!file.startsWith(dist) || !existsSync(file) || pathname === '/') file = path.join(dist, 'index.html');
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate('document.fonts.ready');
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
  console.log(`  ${name}.png`);
}

async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/Login`);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/Login'));
}

async function run(browser: Browser, base: string, width: number) {
  const height = 860;
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));

  await page.goto(`${base}/Login`);
  await shot(page, `sign-in-${width}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await shot(page, `sign-in-errors-${width}`);
  await page.getByLabel('Email').fill('pm@demo.test');
  await page.locator('input[name=password]').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').waitFor();
  await shot(page, `sign-in-server-error-${width}`);

  await page.goto(`${base}/signup`);
  await page.locator('input[name=password]').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await shot(page, `sign-up-${width}`);
  await page.goto(`${base}/Reset`);
  await shot(page, `reset-${width}`);
  await page.goto(`${base}/Reset?token=abc`);
  await shot(page, `reset-confirm-${width}`);
  await page.goto(`${base}/Practice/Invite/abc`);
  await shot(page, `invite-${width}`);

  await page.goto(`${base}/signup/used-invitation`);
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Email').fill('sam@demo.test');
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=confirmPassword]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Expired or already used').waitFor();
  await shot(page, `invite-expired-${width}`);

  await signIn(page, base, 'pm@demo.test');
  await shot(page, `shell-pm-${width}`);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menu').waitFor();
  await page.waitForTimeout(400);
  await shot(page, `shell-pm-menu-${width}`);
  await page.keyboard.press('Escape');
  await page.goto(`${base}/ChangePassword/`);
  await page.getByRole('heading', { name: 'Change password' }).waitFor();
  await shot(page, `change-password-${width}`);
  await page.goto(`${base}/AccountSettings/11`);
  await page.getByRole('heading', { name: 'Account settings' }).waitFor();
  await shot(page, `account-settings-${width}`);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/Login/);

  await signIn(page, base, 'admin@demo.test');
  await shot(page, `shell-admin-${width}`);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menu').waitFor();
  await page.waitForTimeout(400);
  await shot(page, `shell-admin-menu-${width}`);
  await context.close();
}

async function main() {
  console.log('Building the web app…');
  await build({ root: webDir, logLevel: 'warn', configFile: path.join(webDir, 'vite.config.ts') });
  await mkdir(out, { recursive: true });
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: existsSync('/usr/lib/chromium/chromium')
      ? '/usr/lib/chromium/chromium'
      : '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    for (const width of [1280, 768]) await run(browser, server.url, width);
    const small = await browser.newPage({ viewport: { width: 700, height: 700 } });
    await small.goto(`${server.url}/Login`);
    await shot(small, 'small-screen-700');
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
