import { chromium } from 'playwright-core';
const base = 'http://localhost:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(`${base}/Login`);
await page.getByLabel('Email').fill(process.env.WHO ?? 'pm@demo.test');
await page.getByLabel('Password').fill('Demo-pass-1');
await page.getByRole('button', { name: /sign in/i }).click();
await page.waitForTimeout(3000);
await page.goto(`${base}${process.env.PATHX ?? '/PracticeOverview/1/Accreditation'}`);
await page.waitForTimeout(4000);
await page.screenshot({ path: '/tmp/shots/a1.png', fullPage: true });
const row = page.getByRole('link', { name: 'Self Assessment' }).first();
if (await row.count()) {
  await row.click();
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/tmp/shots/a2.png', fullPage: true });
  await page.getByRole('button', { name: /Open all/ }).click();
  await page.waitForTimeout(1500);
  const first = page.locator('[id^="indicator-"] button').filter({ hasText: 'C1.1A' }).first();
  await first.click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: '/tmp/shots/a3.png', fullPage: false });
  console.log('url', page.url());
}
await browser.close();
