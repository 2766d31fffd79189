import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAccreditation,
  createPracticeWith,
  createReapplication,
  createSurveyVisit,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import { pickOption } from '../../../test/pick-option.ts';
import { renderAppOnStack, type SignIn, useRealStack } from '../../../test/stack-harness.tsx';

type Practice = { id: number; name: string };

describe('practice details, reapplication, add, survey confirmation and dashboard on the real stack', () => {
  const stack = useRealStack();
  /** Manages every practice below. */
  let manager: TestUser;
  /** A surveyor on Riverbend, asked for preferred days there. */
  let surveyor: TestUser;
  let admin: TestUser;
  /** The manager of one practice of its own. */
  let singleManager: TestUser;
  let newcomer: TestUser;
  let riverbend: Practice;
  let riverbendCycle: number;
  let preferredDaysVisit: number;
  let southernCross: Practice;
  let bayview: Practice;
  let wattleGrove: Practice;
  let redCentre: Practice;
  let hinterland: Practice;
  let surveillanceVisit: number;
  beforeAll(async () => {
    const { sql } = stack;
    manager = await createUser(sql);
    surveyor = await createUser(sql, { isSurveyor: true });
    admin = await createUser(sql, { isAdmin: true });
    singleManager = await createUser(sql);
    newcomer = await createUser(sql);
    await createPracticeWith(sql, { status: 'IN_PROGRESS', managers: [singleManager] });
    const managed = (name: string, status: 'IN_PROGRESS' | 'ACCREDITED', more: object = {}) =>
      createPracticeWith(sql, { name, status, managers: [manager], ...more });

    // Cycle open with an address and staff numbers; its survey visit waits for preferred days.
    riverbend = await managed('Riverbend Medical Centre', 'IN_PROGRESS', {
      address: {
        unit: 'Suite 2',
        street: '88 Boundary Street',
        suburb: 'West End',
        state: 'QLD',
        postcode: '4101',
      },
      counts: { doctor_head_count: 5, doctor_max_count: 7, nurse_head_count: 3, nurse_max_count: 4 },
      surveyors: [surveyor],
    });
    riverbendCycle = await createAccreditation(sql, riverbend.id, { surveyVisitDueIn: 75, expiresIn: 400 });
    preferredDaysVisit = await createSurveyVisit(sql, riverbendCycle, {
      status: 'PREFERRED_DAYS_REQ',
      dueIn: 75,
      visitors: [{ user: surveyor }],
    });
    // Renewal due.
    southernCross = await managed('Southern Cross General Practice', 'ACCREDITED');
    await createAccreditation(sql, southernCross.id, { status: 'CLOSED', expiresIn: 150 });
    await createReapplication(sql, southernCross.id, { status: 'DUE' });
    // Renewal waiting for payment.
    bayview = await managed('Bayview Health Clinic', 'ACCREDITED');
    await createAccreditation(sql, bayview.id, { status: 'CLOSED', expiresIn: 80 });
    await createReapplication(sql, bayview.id, { status: 'PAYMENT_PENDING', dueIn: 10 });
    // A renewal due that the manager submits below.
    wattleGrove = await managed('Wattle Grove Medical Practice', 'ACCREDITED', {
      counts: { nurse_head_count: 3, nurse_max_count: 4 },
    });
    await createAccreditation(sql, wattleGrove.id, { status: 'CLOSED', expiresIn: 60 });
    await createReapplication(sql, wattleGrove.id, { status: 'DUE', dueIn: 25 });
    // Registered without an address.
    redCentre = await managed('Red Centre Community Clinic', 'IN_PROGRESS');
    // A surveillance visit waiting for its confirmation.
    hinterland = await managed('Hinterland Family Doctors', 'ACCREDITED');
    const hinterlandCycle = await createAccreditation(sql, hinterland.id, {
      status: 'CLOSED',
      expiresIn: -20,
      extendedTo: 100,
    });
    surveillanceVisit = await createSurveyVisit(sql, hinterlandCycle, {
      type: 'SURVEILLANCE',
      status: 'DRAFT',
      dueIn: 40,
      reason: 'FOLLOW_UP',
      confirmationFormStatus: 'SENT',
    });
  }, 60_000);

  /** The app at `path` as `as`, alone on the page (an earlier render of the test and its toasts go first). */
  async function open(path: string, as: SignIn) {
    cleanup();
    notifications.clean();
    return renderAppOnStack(stack, path, { as });
  }
  const field = (label: string) =>
    screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
  const set = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

  it('lets a practice manager edit the details, checking them first', async () => {
    await open(`/Practice/Details/${riverbend.id}`, manager);
    await waitFor(() => expect(field('Practice name').value).toBe(riverbend.name), {
      timeout: 10_000,
    });
    set('ABN', '123');
    set('Phone', '12');
    set('Doctors maximum', '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('An ABN is 11 digits.')).toBeTruthy();
    expect(screen.getByText('Invalid phone number format')).toBeTruthy();
    expect(screen.getByText('The maximum cannot be lower than the head count.')).toBeTruthy();
    set('Doctors maximum', '9');
    set('ABN', '71 002 563 148');
    set('Phone', '07 3844 2201');
    set('Suburb', 'Highgate Hill');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The practice details have been saved.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const { rows } = await stack.sql.query(
      `select o.abn, o.phone, a.suburb from organisations o join addresses a on a.id = o.physical_address_id where o.id = $1`,
      [riverbend.id],
    );
    expect(rows[0]).toEqual({ abn: '71002563148', phone: '07 3844 2201', suburb: 'Highgate Hill' });
  });

  it('spec 000 §9: the practice phone has its country (Australia by default); an NZ number saves with NZ and comes back', async () => {
    const kiwi = await createPracticeWith(stack.sql, {
      name: 'Tasman Bridge Clinic',
      status: 'IN_PROGRESS',
      managers: [manager],
    });
    await open(`/Practice/Details/${kiwi.id}`, manager);
    await waitFor(() => expect(field('Practice name').value).toBe(kiwi.name), { timeout: 10_000 });
    const country = screen.getByRole('combobox', { name: 'Phone country' }) as HTMLSelectElement;
    expect(country.value).toBe('AU');
    expect(country.selectedOptions[0]?.textContent).toBe('Australia (+61)');
    // A Wellington number is not Australian.
    set('Phone', '04 472 3000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Invalid phone number format')).toBeTruthy();
    await userEvent.click(country);
    await userEvent.selectOptions(country, 'New Zealand (+64)');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The practice details have been saved.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const stored = await stack.sql.query(
      'select phone, phone_country_code from organisations where id = $1',
      [kiwi.id],
    );
    expect(stored.rows[0]).toEqual({ phone: '04 472 3000', phone_country_code: 'NZ' });
    // Opened again, the form shows the stored country and number.
    await open(`/Practice/Details/${kiwi.id}`, manager);
    await waitFor(() => expect(field('Phone').value).toBe('04 472 3000'), { timeout: 10_000 });
    expect((screen.getByRole('combobox', { name: 'Phone country' }) as HTMLSelectElement).value).toBe('NZ');
  });

  it('holds the staff numbers to the number rules: digits only, below 1000, no leading 0', async () => {
    await open(`/Practice/Details/${riverbend.id}`, manager);
    await waitFor(() => expect(field('Practice name').value).toBe(riverbend.name), {
      timeout: 10_000,
    });
    const counts = () =>
      stack.sql.query(
        'select doctor_head_count, doctor_max_count, nurse_head_count from practices where organisation_id = $1',
        [riverbend.id],
      );
    const before = await counts();
    // Typed keys: only digits reach the field (spec 002 §5).
    const user = userEvent.setup({ delay: null });
    await user.clear(field('Doctors head count'));
    await user.type(field('Doctors head count'), 'a1-.e2 ');
    expect(field('Doctors head count').value).toBe('12');
    // Pasted or otherwise entered text is checked: each rule gives its message, and nothing is saved.
    set('Doctors head count', '1000');
    set('Doctors maximum', '01');
    set('Nurses head count', '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Max is 999')).toBeTruthy();
    expect(screen.getByText('Number cannot start with a 0')).toBeTruthy();
    expect(screen.getByText('Value has to be a number')).toBeTruthy();
    expect((await counts()).rows).toEqual(before.rows);
  });

  it('adds the address of a practice that has none when its manager saves', async () => {
    // Red Centre was registered without a physical address.
    await open(`/Practice/Details/${redCentre.id}`, manager);
    expect(
      await screen.findByText(
        'No address is on record for this practice yet. Enter it here and save.',
        {},
        {
          timeout: 10_000,
        },
      ),
    ).toBeTruthy();
    set('Street', '14 Hartley Street');
    set('Suburb', 'Alice Springs');
    set('Postcode', '0870');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The practice details have been saved.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const { rows } = await stack.sql.query(
      `select a.street, a.suburb, a.postcode from organisations o join addresses a on a.id = o.physical_address_id where o.id = $1`,
      [redCentre.id],
    );
    expect(rows).toEqual([{ street: '14 Hartley Street', suburb: 'Alice Springs', postcode: '0870' }]);
  });

  it("spec 000 §3 practice.phn: the PHN is a choice of the provider's list, loaded when signed in", async () => {
    await stack.sql.query(
      `insert into choice_items (list_key, value, label, position)
       values ('practice.phn', 'Test Valley PHN', 'Test Valley PHN', 50) on conflict do nothing`,
    );
    await open(`/Practice/Details/${riverbend.id}`, manager);
    await waitFor(() => expect(field('Practice name').value).toBe(riverbend.name), { timeout: 10_000 });
    // A select once the lists are in (words typed as before until then).
    const phn = await waitFor(
      () => {
        const input = screen
          .getAllByLabelText('Primary Health Network (PHN)')
          .find((el) => el.tagName === 'INPUT' && el.getAttribute('aria-haspopup') === 'listbox');
        expect(input).toBeTruthy();
        return input!;
      },
      { timeout: 10_000 },
    );
    const user = userEvent.setup();
    await pickOption(user, phn, 'Test Valley PHN');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The practice details have been saved.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const { rows } = await stack.sql.query(`select phn from practices where organisation_id = $1`, [
      riverbend.id,
    ]);
    expect(rows[0]).toEqual({ phn: 'Test Valley PHN' });
  });

  it('shows a surveyor the details read-only', async () => {
    await open(`/Practice/Details/${riverbend.id}`, surveyor);
    expect(await screen.findByText(/You can view these details/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(field('Practice name').readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('opens the reapplication in reapplying mode, with payment when the renewal awaits it', async () => {
    await open(`/Practice/Reapplication/${bayview.id}`, manager);
    expect(
      await screen.findByRole('heading', { name: `Reapplication: ${bayview.name}` }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/Your renewal is waiting for payment/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeTruthy();
  });

  it('lets a manager submit a due renewal with its details, then offers payment', async () => {
    // Wattle Grove's renewal is due (Southern Cross's stays due for the dashboard test).
    await open(`/Practice/Reapplication/${wattleGrove.id}`, manager);
    expect(await screen.findByText(/Your renewal is due by/, {}, { timeout: 10_000 })).toBeTruthy();
    set('Nurses head count', '4');
    set('Nurses maximum', '5');
    await userEvent.click(screen.getByRole('button', { name: 'Submit renewal' }));
    expect(
      await screen.findByText(
        'Your renewal has been submitted. Continue to payment to complete it.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Continue to payment' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit renewal' })).toBeNull();
    const { rows } = await stack.sql.query(
      `select r.status, r.submitted_by_id is not null as stamped, p.nurse_head_count
         from reapplications r join practices p on p.organisation_id = r.practice_id
        where r.practice_id = $1 and r.status <> 'COMPLETED'`,
      [wattleGrove.id],
    );
    expect(rows).toEqual([{ status: 'PAYMENT_PENDING', stamped: true, nurse_head_count: 4 }]);
  });

  it('shows the visit waiting for its survey confirmation', async () => {
    await open(`/Practice/SurveyConfirmation/${hinterland.id}`, manager);
    const visit = await screen.findByTestId(`visit-${surveillanceVisit}`, {}, { timeout: 10_000 });
    expect(within(visit).getByText('Surveillance visit')).toBeTruthy();
    expect(within(visit).getByText('Confirmation due')).toBeTruthy();
    // spec 000 §3: reason_for_visit shows as its label of the survey_visit.reason choice list.
    expect(within(visit).getByText('Follow-up of non-conformities')).toBeTruthy();
  });

  it('lets a manager confirm a survey visit; the dashboard no longer asks for it', async () => {
    // A visit of Riverbend gets its confirmation form sent (Hinterland's stays for the test above).
    const sent = await createSurveyVisit(stack.sql, riverbendCycle, {
      type: 'SURVEILLANCE',
      status: 'DRAFT',
      dueIn: 60,
      confirmationFormStatus: 'SENT',
    });
    await open('/Dashboard', manager);
    expect(
      await screen.findByTestId(`due-confirmation-${riverbend.id}`, {}, { timeout: 10_000 }),
    ).toBeTruthy();

    await open(`/Practice/SurveyConfirmation/${riverbend.id}`, surveyor);
    await screen.findByTestId(`visit-${sent}`, {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Confirm visit' })).toBeNull();

    await open(`/Practice/SurveyConfirmation/${riverbend.id}`, manager);
    const visit = await screen.findByTestId(`visit-${sent}`, {}, { timeout: 10_000 });
    await userEvent.click(await within(visit).findByRole('button', { name: 'Confirm visit' }));
    expect(
      await screen.findByText('Thank you. The survey visit is confirmed.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'No survey visit of this practice is waiting for its confirmation.',
        {},
        {
          timeout: 10_000,
        },
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId(`visit-${sent}`)).getByText(/^Confirmed \d{2}\/\d{2}\/\d{4}$/),
    ).toBeTruthy();

    await open('/Dashboard', manager);
    await screen.findByRole('list', { name: 'Practice work' }, { timeout: 10_000 });
    expect(screen.queryByTestId(`due-confirmation-${riverbend.id}`)).toBeNull();
  });

  it('lets the provider admin and a practice manager add a practice, landing on it', async () => {
    const view = await open('/Practice/Add', admin);
    await waitFor(() => expect(field('Practice name')).toBeTruthy(), { timeout: 10_000 });
    set('Practice name', 'Seaside Family Practice');
    set('Suburb', 'Manly');
    set('Postcode', '2095');
    await userEvent.click(screen.getByRole('button', { name: 'Add practice' }));
    await waitFor(() => expect(view.path()).toMatch(/^\/PracticeOverview\/\d+\/Staff$/), { timeout: 10_000 });
    const id = Number(view.path().split('/')[2]);
    const { rows } = await stack.sql.query(
      `select o.name, a.suburb, a.postcode, p.status,
              (select count(*)::int from practice_users pu where pu.practice_id = p.organisation_id) as users
         from practices p join organisations o on o.id = p.organisation_id
         join addresses a on a.id = o.physical_address_id where p.organisation_id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({
      name: 'Seaside Family Practice',
      suburb: 'Manly',
      postcode: '2095',
      status: 'APPLICATION',
      users: 0,
    });

    const pmView = await open('/Practice/Add', singleManager);
    await waitFor(() => expect(field('Practice name')).toBeTruthy(), { timeout: 10_000 });
    set('Practice name', 'Harbourside North');
    set('ABN', '123');
    await userEvent.click(screen.getByRole('button', { name: 'Add practice' }));
    expect(await screen.findByText('An ABN is 11 digits.')).toBeTruthy();
    set('ABN', '');
    await userEvent.click(screen.getByRole('button', { name: 'Add practice' }));
    await waitFor(() => expect(pmView.path()).toMatch(/^\/PracticeOverview\/\d+\/Staff$/), {
      timeout: 10_000,
    });
    const pmPractice = Number(pmView.path().split('/')[2]);
    const managers = await stack.sql.query(
      `select u.email, pu.role from practice_users pu join users u on u.id = pu.user_id where pu.practice_id = $1`,
      [pmPractice],
    );
    expect(managers.rows).toEqual([{ email: singleManager.email, role: 'PM' }]);
  });

  it("lists the manager's due items on the dashboard", async () => {
    await open('/Dashboard', manager);
    const list = await screen.findByRole('list', { name: 'Practice work' }, { timeout: 10_000 });
    const text = list.textContent ?? '';
    expect(text).toContain('Renewal Due');
    expect(text).toContain(southernCross.name);
    expect(text).toContain('Renewal Payment Due');
    expect(text).toContain('Survey confirmation to send');
    expect(
      within(screen.getByTestId(`due-renewal-${southernCross.id}`))
        .getByRole('link', { name: 'Start renewal' })
        .getAttribute('href'),
    ).toBe(`/Practice/Reapplication/${southernCross.id}`);
  });

  it('offers Set Availability to a surveyor, and tells a new user they have no practice yet', async () => {
    await open('/Dashboard', surveyor);
    const item = await screen.findByTestId(
      `due-preferred-days-${preferredDaysVisit}`,
      {},
      { timeout: 10_000 },
    );
    expect(within(item).getByRole('link', { name: 'Set Availability' }).getAttribute('href')).toBe(
      `/SurveyVisits/${preferredDaysVisit}/PreferredDays`,
    );
    await open('/Dashboard', newcomer);
    expect(
      await screen.findByText(
        'You are not linked to a practice yet. When a practice invites you, it appears here.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });
});
