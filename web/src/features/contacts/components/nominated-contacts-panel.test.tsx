import { CONTACT_MESSAGES } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createContact,
  createStaffedPractice,
  createUser,
  nominateContacts,
  type TestUser,
} from '../../../test/factories.ts';
import { pickOption } from '../../../test/pick-option.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

describe('nominated contacts on the real stack', () => {
  const stack = useRealStack();
  /** Sarah Mitchell, the practice's manager and its accreditation contact. */
  let manager: TestUser;
  let PRACTICE: number;
  let islaId: number;
  beforeAll(async () => {
    const { sql } = stack;
    manager = await createUser(sql, { firstName: 'Sarah', lastName: 'Mitchell' });
    const { practice, accreditationId, staff, rebeccaAccount } = await createStaffedPractice(sql, {
      manager,
    });
    PRACTICE = practice.id;
    islaId = staff.isla.id;
    // Its GP contact is Rahul Desai (not on the staff register), its nurse contact Rebecca Tan (on
    // the register, with an account), its support contact Leah Morgan.
    await nominateContacts(sql, accreditationId, {
      accreditation: await createContact(sql, PRACTICE, {
        firstName: 'Sarah',
        lastName: 'Mitchell',
        type: 'ACCREDITATION',
        userId: manager.id,
        phone: '0412 105 200',
      }),
      gp: await createContact(sql, PRACTICE, {
        firstName: 'Rahul',
        lastName: 'Desai',
        type: 'GP',
        email: 'rahul.desai@riverbend.test',
        phone: '0412 106 201',
      }),
      nurse: await createContact(sql, PRACTICE, {
        firstName: 'Rebecca',
        lastName: 'Tan',
        type: 'NURSE',
        userId: rebeccaAccount.id,
        phone: '0412 107 202',
      }),
      support: await createContact(sql, PRACTICE, {
        firstName: 'Leah',
        lastName: 'Morgan',
        type: 'SUPPORT',
        email: 'leah.morgan@riverbend.test',
        phone: '0412 108 203',
      }),
    });
  }, 60_000);

  const open = async () => {
    await renderAppOnStack(stack, `/PracticeOverview/${PRACTICE}/Staff`, { as: manager });
    const panel = (await screen.findByText('Nominated contacts', {}, { timeout: 15_000 })).closest(
      'section',
    )!;
    await waitFor(
      () =>
        expect((within(panel).getByLabelText('Accreditation contact') as HTMLInputElement).value).toContain(
          'Sarah Mitchell',
        ),
      {
        timeout: 15_000,
      },
    );
    return panel as HTMLElement;
  };
  const contactOf = async (column: string) =>
    (
      await stack.sql.query(
        `select c.first_name, c.last_name, c.phone from practices p join accreditations a on a.id = p.current_accreditation_id
           left join contacts c on c.id = a.${column} where p.organisation_id = $1`,
        [PRACTICE],
      )
    ).rows[0];

  it('shows the four contacts; the accreditation contact cannot be removed', async () => {
    const panel = await open();
    for (const label of ['Accreditation contact', 'GP contact', 'Nurse contact', 'Support contact'])
      expect(within(panel).getByLabelText(label)).toBeTruthy();
    expect((within(panel).getByLabelText('GP contact') as HTMLInputElement).value).toContain('Rahul Desai');
    expect((within(panel).getByLabelText('Nurse contact') as HTMLInputElement).value).toContain(
      'Rebecca Tan',
    );
    expect(
      within(panel).getByText(new RegExp(CONTACT_MESSAGES.accreditationContactCannotBeRemoved)),
    ).toBeTruthy();
    // Clearable contacts have a clear button; the accreditation contact has none.
    const clearButtons = panel.querySelectorAll(
      'button.mantine-InputClearButton-root, [data-combobox-clear]',
    );
    expect(clearButtons.length).toBeLessThanOrEqual(3);
  });

  it('choosing a person saves them as the contact, then the accreditation points at them', async () => {
    const panel = await open();
    const user = userEvent.setup({ delay: null });
    await pickOption(user, within(panel).getByLabelText('GP contact'), /Isla Desai/);
    expect(await screen.findByText(CONTACT_MESSAGES.updated, {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(async () =>
      expect(await contactOf('nominated_gp_contact_id')).toMatchObject({
        first_name: 'Isla',
        last_name: 'Desai',
      }),
    );
  });

  it('checks the phone on blur and saves a valid one', async () => {
    const panel = await open();
    const user = userEvent.setup({ delay: null });
    const phone = within(panel).getByLabelText('Support contact phone') as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.tab();
    expect(await within(panel).findByText('Invalid phone number format')).toBeTruthy();
    expect((await contactOf('nominated_support_contact_id')).phone).toBe('0412 108 203');
    await user.clear(phone);
    await user.type(phone, '02 9360 4411');
    await user.tab();
    expect(await screen.findByText(CONTACT_MESSAGES.updated, {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(async () =>
      expect((await contactOf('nominated_support_contact_id')).phone).toBe('02 9360 4411'),
    );
  });

  it('spec 000 §9: the phone country defaults to AU and a number is checked against the country chosen', async () => {
    const panel = await open();
    const user = userEvent.setup({ delay: null });
    const country = within(panel).getByLabelText('GP contact phone country') as HTMLInputElement;
    expect(country.value).toBe('AU');
    expect((country as unknown as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Australia (+61)');
    const phone = within(panel).getByLabelText('GP contact phone') as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '04 472 3000');
    await user.tab();
    expect(await within(panel).findByText('Invalid phone number format')).toBeTruthy();
    await user.click(country);
    await user.selectOptions(country, 'New Zealand (+64)');
    await user.click(phone);
    await user.tab();
    expect(await screen.findByText(CONTACT_MESSAGES.updated, {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(async () =>
      expect(
        (
          await stack.sql.query(
            `select c.phone, c.phone_country_code from practices p join accreditations a on a.id = p.current_accreditation_id
               join contacts c on c.id = a.nominated_gp_contact_id where p.organisation_id = $1`,
            [PRACTICE],
          )
        ).rows[0],
      ).toEqual({ phone: '04 472 3000', phone_country_code: 'NZ' }),
    );
  });

  it('a first nomination with an invalid typed phone says so and saves nothing; corrected, it saves', async () => {
    // The support contact is not nominated yet.
    await stack.sql.query(
      `update accreditations set nominated_support_contact_id = null
        where id = (select current_accreditation_id from practices where organisation_id = $1)`,
      [PRACTICE],
    );
    const panel = await open();
    const user = userEvent.setup({ delay: null });
    const phone = within(panel).getByLabelText('Support contact phone') as HTMLInputElement;
    expect(phone.value).toBe('');
    await user.type(phone, '12345');
    await pickOption(user, within(panel).getByLabelText('Support contact'), /Isla Desai/);
    // Refused at once: no save started (a save disables the fields while it runs).
    expect(phone.disabled).toBe(false);
    expect(await within(panel).findByText('Invalid phone number format')).toBeTruthy();
    // Nothing saved, no success message, and the typed text is still there to correct.
    expect(screen.queryByText(CONTACT_MESSAGES.updated)).toBeNull();
    expect(await contactOf('nominated_support_contact_id')).toEqual({
      first_name: null,
      last_name: null,
      phone: null,
    });
    expect(phone.value).toBe('12345');
    expect((within(panel).getByLabelText('Support contact') as HTMLInputElement).value).toBe('');

    await user.clear(phone);
    await user.type(phone, '02 9360 4411');
    await pickOption(user, within(panel).getByLabelText('Support contact'), /Isla Desai/);
    expect(await screen.findByText(CONTACT_MESSAGES.updated, {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(async () =>
      expect(await contactOf('nominated_support_contact_id')).toMatchObject({
        first_name: 'Isla',
        phone: '02 9360 4411',
      }),
    );
  });

  it('says the update failed when the server refuses it', async () => {
    const panel = await open();
    // Deleted from the register in another tab after the page loaded.
    await stack.sql.query('update practice_staff set archived = true where id = $1', [islaId]);
    const user = userEvent.setup({ delay: null });
    await pickOption(user, within(panel).getByLabelText('Nurse contact'), /Isla Desai/);
    expect(await screen.findByText(CONTACT_MESSAGES.updateFailed, {}, { timeout: 10_000 })).toBeTruthy();
    expect((await contactOf('nominated_nurse_contact_id')).first_name).toBe('Rebecca');
    await stack.sql.query('update practice_staff set archived = false where id = $1', [islaId]);
  });
});
