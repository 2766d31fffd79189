import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { ACTION_TIMEOUT_MS } from './support/browser.ts';
import {
  addPracticeRole,
  createPractice,
  createStaffedPractice,
  createStaffMember,
} from './support/factories.ts';
import { openStaff, staffRegister, staffRow, toast } from './support/staff-register.ts';
import { useE2e } from './support/suite.ts';

/**
 * In a real browser, the Staff tab of a practice (spec 000 §2, §4, §5, §8): a practice
 * manager adds, validates, edits and deletes staff and sets a nominated contact, and has no verify
 * control. Inviting and verifying are in staff-invite-verify.test.ts. Each test makes its own
 * practice (its intro already dismissed), manager and register (`createStaffedPractice`).
 */
const e2e = useE2e();

const POLL = { timeout: ACTION_TIMEOUT_MS, interval: 100 };

/** The new GP the manager adds. */
const NEW_GP = {
  first: 'Amelia',
  last: 'Testwood',
  registration: 'MED0009990001',
  start: '03/02/2024',
  email: 'amelia.testwood@kingfisher-gp.demo.test',
  hours: '30.5',
  cprExpiry: '15/08/2027',
};

const register = staffRegister;
const editRow = (page: Page) => register(page).getByRole('row', { name: 'Row in edit' });
/** A cell's input in the row in edit, by the column's name. */
const cell = (page: Page, name: string) => editRow(page).getByLabel(name, { exact: true });

/** Types a dd/MM/yyyy date into a date cell and closes its calendar. */
async function typeDate(page: Page, name: string, text: string) {
  await cell(page, name).fill(text);
  await cell(page, name).press('Escape');
}

describe('the staff register as the practice manager', () => {
  it('adds a staff member: defaults, cell messages, then saved and there after a reload', async () => {
    const { page } = e2e;
    const { practice, manager, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
    await openStaff(page, staffPath, staff.gp.lastName, manager);
    await page.getByRole('heading', { name: practice.name }).waitFor();
    await page
      .getByText('Please ensure your staff details below are up to date for the current accreditation cycle.')
      .waitFor();
    await expectAccessible(page, 'the staff register in view');

    await page.getByRole('button', { name: 'Add staff' }).click();
    await editRow(page).waitFor();
    // The new-row defaults of spec 000 §3.
    expect(await cell(page, 'Title').inputValue()).toBe('Dr');
    expect(await cell(page, 'Type').inputValue()).toBe('GP');
    expect(await cell(page, 'Employment').inputValue()).toBe('Employee');
    expect(await cell(page, 'Employment status').inputValue()).toBe('Active');
    expect(await cell(page, 'VR status').inputValue()).toBe('Vocationally registered');
    await expectAccessible(page, 'the staff register, a new row in edit');

    // A text cell left empty says so on blur; saving an incomplete row marks every missing cell.
    await cell(page, 'First name').focus();
    await cell(page, 'First name').blur();
    await editRow(page).getByText('Required field').first().waitFor();
    await editRow(page).getByRole('button', { name: 'Save' }).click();
    await editRow(page).getByText('Field required').first().waitFor(); // hours/week, a number cell
    expect(await editRow(page).getByText('Required field').count()).toBeGreaterThanOrEqual(5);
    await expectAccessible(page, 'the staff register, a row in edit with its messages');
    // Number cells keep digits and one decimal point only.
    await cell(page, 'Hours/week').fill('3x0.5.1');
    expect(await cell(page, 'Hours/week').inputValue()).toBe('30.51');

    await cell(page, 'First name').fill(NEW_GP.first);
    await cell(page, 'Last name').fill(NEW_GP.last);
    await cell(page, 'Reg').fill(NEW_GP.registration);
    await typeDate(page, 'Start date', NEW_GP.start);
    await cell(page, 'Email').fill(NEW_GP.email);
    await cell(page, 'Hours/week').fill(NEW_GP.hours);
    await typeDate(page, 'CPR expiry', NEW_GP.cprExpiry);
    await editRow(page).getByRole('button', { name: 'Save' }).click();
    await editRow(page).waitFor({ state: 'detached' });
    await staffRow(page, NEW_GP.email).waitFor();

    await page.reload();
    const saved = staffRow(page, NEW_GP.email);
    await saved.waitFor();
    const text = await saved.innerText();
    for (const shown of [
      NEW_GP.first,
      NEW_GP.last,
      NEW_GP.registration,
      NEW_GP.start,
      NEW_GP.cprExpiry,
      'GP',
      'Dr',
    ]) {
      expect(text).toContain(shown);
    }
  });

  it('looks a registration number up 2 s after typing and fills the new row from another practice', async () => {
    const { page } = e2e;
    const { manager, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
    // A GP of another practice the same person manages (so the look-up shows all their details).
    const elsewhere = await createPractice(e2e.stack.sql, { name: 'Riverstone Medical Centre' });
    await addPracticeRole(e2e.stack.sql, elsewhere.id, manager.id, 'PM');
    const mei = await createStaffMember(e2e.stack.sql, elsewhere.id, { firstName: 'Mei', lastName: 'Green' });
    const number = mei.registration!;
    await openStaff(page, staffPath, staff.gp.lastName, manager);
    const matches = page.getByRole('region', { name: 'Registration number matches' });

    await page.getByRole('button', { name: 'Add staff' }).click();
    await editRow(page).waitFor();
    // Two characters are too few to look anything up.
    await cell(page, 'Reg').fill('me');
    await page.waitForTimeout(2_600);
    expect(await matches.count()).toBe(0);
    // Mei Green's number at the other practice, in lower case and in part: offered only after 2 s.
    const typed = Date.now();
    await cell(page, 'Reg').fill(number.slice(0, -1).toLowerCase());
    expect(await matches.count()).toBe(0);
    await matches.waitFor();
    expect(Date.now() - typed).toBeGreaterThanOrEqual(2_000);
    await matches.getByText(/Mei Green/).waitFor();
    await matches.getByText(/another practice/).waitFor();
    await expectAccessible(page, 'the staff register, registration number matches');
    await matches.getByRole('button', { name: 'Use these details' }).click();

    await matches.waitFor({ state: 'detached' });
    expect(await cell(page, 'First name').inputValue()).toBe('Mei');
    expect(await cell(page, 'Last name').inputValue()).toBe('Green');
    expect(await cell(page, 'Reg').inputValue()).toBe(number);
    expect(await cell(page, 'Email').inputValue()).toBe(mei.email);
    expect(await cell(page, 'Type').inputValue()).toBe('GP');
    // How they work here is this practice's to enter; then the row saves.
    await typeDate(page, 'Start date', '01/07/2025');
    await cell(page, 'Hours/week').fill('8');
    await editRow(page).getByRole('button', { name: 'Save' }).click();
    await editRow(page).waitFor({ state: 'detached' });
    await staffRow(page, mei.email!).getByText(number).waitFor();
  });

  it('edits one row at a time: moving to another with changes warns; the change is saved', async () => {
    const { page } = e2e;
    const { manager, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
    const { nurse, verifiedGp } = staff;
    await openStaff(page, staffPath, nurse.lastName, manager);

    await page.getByRole('button', { name: `Edit ${nurse.name}` }).click();
    await editRow(page).waitFor();
    expect(await cell(page, 'Last name').inputValue()).toBe(nurse.lastName);
    await cell(page, 'Hours/week').fill('36');
    await page.getByRole('button', { name: `Edit ${verifiedGp.name}` }).click();
    await toast(page, 'Please save/discard the editing row before moving to other rows.');
    await expectAccessible(page, 'the staff register, a row in edit and the one-row warning');
    // Still the nurse's row in edit, with the change.
    expect(await cell(page, 'Last name').inputValue()).toBe(nurse.lastName);
    expect(await cell(page, 'Hours/week').inputValue()).toBe('36');

    await editRow(page).getByRole('button', { name: 'Save' }).click();
    await editRow(page).waitFor({ state: 'detached' });
    await page.reload();
    await staffRow(page, nurse.email!).getByRole('cell', { name: '36', exact: true }).waitFor();
  });

  it('deletes a staff member after the confirmation; Cancel keeps them', async () => {
    const { page } = e2e;
    const { manager, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
    const leaving = staff.other;
    await openStaff(page, staffPath, leaving.email!, manager);

    await page.getByRole('button', { name: `Delete ${leaving.name}` }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    await expectAccessible(page, 'delete a staff member');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await staffRow(page, leaving.email!).count()).toBe(1);

    await page.getByRole('button', { name: `Delete ${leaving.name}` }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByText(leaving.name).waitFor();
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await staffRow(page, leaving.email!).waitFor({ state: 'detached' });

    await page.reload();
    await staffRow(page, staff.gp.lastName).waitFor();
    expect(await staffRow(page, leaving.email!).count()).toBe(0);
  });

  it('sets a nominated contact; a wrong phone is refused on blur', async () => {
    const { page } = e2e;
    const { manager, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
    const chosen = staff.verifiedGp;
    await openStaff(page, staffPath, staff.gp.lastName, manager);
    const contacts = page.getByRole('region', { name: 'Nominated contacts' });
    await contacts.waitFor();
    await expectAccessible(page, 'nominated contacts');

    const gp = contacts.getByLabel('GP contact', { exact: true });
    await gp.click();
    await gp.fill(chosen.firstName);
    await page.getByRole('option', { name: new RegExp(chosen.name) }).waitFor();
    await expectAccessible(page, 'nominated contacts, the GP list open');
    await page.getByRole('option', { name: new RegExp(chosen.name) }).click();
    await toast(page, 'Successfully updated nominated contact');

    const phone = contacts.getByLabel('Nurse contact phone', { exact: true });
    await phone.fill('12ab');
    await phone.blur();
    await contacts.getByText('Invalid phone number format').waitFor();
    await expectAccessible(page, 'nominated contacts with a phone message');

    await page.reload();
    await page.getByRole('region', { name: 'Nominated contacts' }).waitFor();
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: 'Nominated contacts' })
            .getByLabel('GP contact', { exact: true })
            .inputValue(),
        POLL,
      )
      .toMatch(new RegExp(`^${chosen.name}`));
  });

  it('has no verify control: verification is the surveyor’s', async () => {
    const { page } = e2e;
    const { manager, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
    await openStaff(page, staffPath, staff.gp.lastName, manager);
    expect(
      await register(page)
        .getByRole('checkbox', { name: /^Verify / })
        .count(),
    ).toBe(0);
    await staffRow(page, staff.gp.email!).getByLabel('Not verified').waitFor();
    await staffRow(page, staff.verifiedGp.email!).getByLabel('Verified', { exact: true }).waitFor();
  });
});
