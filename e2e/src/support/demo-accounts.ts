import { PRACTICE_LIST_PATH, practiceStaffPath } from '@portal/domain';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './axe.ts';
import { pathOf, signIn, waitForAppShell } from './browser.ts';

const LIST = PRACTICE_LIST_PATH;
const staffPage = practiceStaffPath;

/** The Reports section each kind of account sees (`canOpenReport`). */
export const BACK_OFFICE_REPORTS = ['Management Report', 'Analytics Report', 'Comparative Report'];
/** Practice managers and surveyors read the reports over their own practices (spec 000 §2). */
const PM_REPORTS = BACK_OFFICE_REPORTS;
const SURVEYOR_REPORTS = ['Management Report', 'Analytics Report'];

/**
 * Demo accounts (hasura/seeds/default) and where each lands with no remembered route (spec 000 §2,
 * docs/decisions/web-app.md). These are the demo data's own ids and people: the README test
 * (`readme.test.ts`) signs in as each under `npm start` and `npm run dev`.
 */
export const DEMO_ACCOUNT_LANDINGS = [
  {
    email: 'admin@demo.test',
    name: 'Priya Raman',
    landing: LIST,
    admin: true,
    newUser: false,
    reports: BACK_OFFICE_REPORTS,
  },
  {
    email: 'qam@demo.test',
    name: 'Helen Murray',
    landing: LIST,
    admin: false,
    newUser: false,
    reports: BACK_OFFICE_REPORTS,
  },
  {
    email: 'surveyor@demo.test',
    name: "Michael O'Brien",
    landing: LIST,
    admin: false,
    newUser: false,
    reports: SURVEYOR_REPORTS,
  },
  {
    email: 'surveyor2@demo.test',
    name: 'Aisha Khan',
    landing: LIST,
    admin: false,
    newUser: false,
    reports: SURVEYOR_REPORTS,
  },
  {
    email: 'surveyor3@demo.test',
    name: 'Tom Whitaker',
    landing: LIST,
    admin: false,
    newUser: false,
    reports: SURVEYOR_REPORTS,
  },
  {
    email: 'pm@demo.test',
    name: 'Sarah Mitchell',
    landing: LIST,
    admin: false,
    newUser: false,
    reports: PM_REPORTS,
  },
  // Practice managers of exactly one active practice go straight to its staff page.
  {
    email: 'pm.single@demo.test',
    name: 'Daniel Costa',
    landing: staffPage(1),
    admin: false,
    newUser: false,
    reports: PM_REPORTS,
  },
  // PM of Derwent Valley; their role on Hinterland is inactive, so it does not count.
  {
    email: 'pm.tas@demo.test',
    name: 'Fiona McLeod',
    landing: staffPage(7),
    admin: false,
    newUser: false,
    reports: PM_REPORTS,
  },
  // pm.newcastle's one practice awaits its application fee: they land on payment (practices.test.ts).
  // No practice: the practice list (docs/decisions/web-app.md), without Practices and Reports.
  { email: 'newuser@demo.test', name: 'Jordan Lee', landing: LIST, admin: false, newUser: true, reports: [] },
] as const;

export type DemoAccountLanding = (typeof DEMO_ACCOUNT_LANDINGS)[number];

/**
 * Signs in as a demo account on `page` (at the stack's `/Login`) and checks where it lands with no
 * remembered route, the shell of its role (navigation, reports, admin link), axe on that screen,
 * and that a reload keeps the session on the same page.
 */
export async function expectDemoAccountLanding(page: Page, account: DemoAccountLanding): Promise<void> {
  expect(await signIn(page, account.email)).toBe(account.landing);
  await waitForAppShell(page, account.name);
  await expectAccessible(page, `where ${account.email} lands (${account.landing})`);

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(1);
  for (const item of ['Practices', 'Resources', 'Factsheets', 'Webinars']) {
    expect(await nav.getByRole('link', { name: item }).count(), item).toBe(account.newUser ? 0 : 1);
  }
  for (const item of BACK_OFFICE_REPORTS) {
    expect(await nav.getByRole('link', { name: item }).count(), item).toBe(
      (account.reports as readonly string[]).includes(item) ? 1 : 0,
    );
  }
  expect(await page.getByRole('link', { name: 'Admin area' }).count()).toBe(account.admin ? 1 : 0);

  // The session outlives a reload: the refresh cookie restores it, on the same page.
  await page.reload();
  await waitForAppShell(page, account.name);
  expect(pathOf(page)).toBe(account.landing);
}
