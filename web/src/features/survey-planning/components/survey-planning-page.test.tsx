import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAccreditation,
  createPracticeWith,
  createSurveyVisit,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import { pickOption } from '../../../test/pick-option.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/** /SurveyVisits/Planning on the real stack, with its own practices, cycles, surveyors and visits. */
describe('Survey planning on the real stack', () => {
  const stack = useRealStack();
  let qam: TestUser;
  let manager: TestUser;
  let gina: TestUser;
  let sam: TestUser;
  let connor: TestUser;
  const tag = `P${Date.now().toString(36)}`;
  const names = { late: `${tag} Late Clinic`, planned: `${tag} Planned Clinic`, days: `${tag} Days Clinic` };
  let daysVisit: number;
  /** The two stated days (yyyy-MM-dd and dd/MM/yyyy) and the period's ends, from the database's today. */
  const dates = { free: '', freeShown: '', busyShown: '', from: '', to: '', periodDays: 0 };

  const surveyor = async (firstName: string, isGp = false) => {
    const user = await createUser(stack.sql, { isSurveyor: true, firstName, lastName: tag });
    await stack.sql.query('insert into surveyor_profiles (user_id, home_state, is_gp) values ($1, $2, $3)', [
      user.id,
      'VIC',
      isGp,
    ]);
    return user;
  };

  beforeAll(async () => {
    qam = await createUser(stack.sql, { isQam: true, firstName: 'Quinn', lastName: tag });
    manager = await createUser(stack.sql);
    gina = await surveyor('Gina', true);
    sam = await surveyor('Sam');
    connor = await surveyor('Connor');
    const late = await createPracticeWith(stack.sql, {
      name: names.late,
      address: { state: 'TAS' },
      managers: [manager],
    });
    await createAccreditation(stack.sql, late.id, { qam, expiresIn: 200, surveyVisitDueIn: 150 });
    await stack.sql.query(
      `insert into surveyor_conflicts (user_id, practice_id, reason, from_date) values ($1, $2, 'Worked there as a GP', public.portal_today() - 400)`,
      [connor.id, late.id],
    );
    const planned = await createPracticeWith(stack.sql, { name: names.planned, address: { state: 'VIC' } });
    const plannedCycle = await createAccreditation(stack.sql, planned.id, {
      expiresIn: 900,
      surveyVisitDueIn: 300,
    });
    await createSurveyVisit(stack.sql, plannedCycle, { status: 'PLANNING', dueIn: 300 });
    const days = await createPracticeWith(stack.sql, {
      name: names.days,
      address: { state: 'VIC' },
      managers: [manager],
    });
    const daysCycle = await createAccreditation(stack.sql, days.id, { expiresIn: 900 });
    daysVisit = await createSurveyVisit(stack.sql, daysCycle, {
      status: 'PREFERRED_DAYS_REQ',
      visitors: [{ user: gina }, { user: sam, status: 'OFFERED' }],
    });
    // Due at the end of the month 40 days ahead; the days are stated 20 and 21 days ahead.
    const { rows } = await stack.sql.query(
      `update survey_visits set due = (date_trunc('month', public.portal_today() + 40) + interval '1 month - 1 day')::date
        where id = $1
        returning to_char(public.portal_today() + 20, 'YYYY-MM-DD') as free, to_char(public.portal_today() + 20, 'DD/MM/YYYY') as free_shown,
                  to_char(public.portal_today() + 21, 'DD/MM/YYYY') as busy_shown, to_char(public.portal_today(), 'DD/MM/YYYY') as "from",
                  to_char(due, 'DD/MM/YYYY') as "to", (due - public.portal_today() + 1)::int as period_days`,
      [daysVisit],
    );
    Object.assign(dates, {
      free: rows[0].free,
      freeShown: rows[0].free_shown,
      busyShown: rows[0].busy_shown,
      from: rows[0].from,
      to: rows[0].to,
      periodDays: rows[0].period_days,
    });
    await stack.sql.query(
      `insert into preferred_days (survey_visit_id, user_id, day, available, reason) values
         ($1, $2, public.portal_today() + 20, true, null), ($1, $3, public.portal_today() + 20, false, 'School holidays'),
         ($1, $2, public.portal_today() + 21, true, null)`,
      [daysVisit, gina.id, sam.id],
    );
  }, 60_000);

  const table = () => screen.findByRole('table', { name: 'Survey visits to plan' }, { timeout: 15_000 });
  const rowOf = async (name: string) => {
    const rows = [...(await table()).querySelectorAll('tbody tr')] as HTMLElement[];
    const row = rows.find((r) => r.textContent?.includes(name));
    if (!row) throw new Error(`no row ${name}`);
    return row;
  };

  it('gives a practice manager the not-allowed page', async () => {
    await renderAppOnStack(stack, '/SurveyVisits/Planning', { as: manager });
    expect(await screen.findByRole('heading', { name: 'Not allowed' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Survey visit planning is for quality accreditation managers and provider admins.',
    );
  });

  it('lists cycles to plan and visits with readable statuses, flags the late one, and keeps the filters in the URL', async () => {
    const user = userEvent.setup();
    const view = await renderAppOnStack(stack, '/SurveyVisits/Planning', { as: qam });
    await waitFor(async () => expect((await rowOf(names.late)).textContent).toContain('To plan'), {
      timeout: 15_000,
    });
    const late = await rowOf(names.late);
    expect(
      within(late).getByLabelText(
        /^Too late: Not scheduled at least 5 months before the accreditation expires/,
      ),
    ).toBeTruthy();
    expect(within(late).getByRole('button', { name: `Create visit for ${names.late}` })).toBeTruthy();
    const planned = await rowOf(names.planned);
    expect(planned.textContent).toContain('Planning');
    expect(planned.textContent).not.toContain('Too late');
    expect((await rowOf(names.days)).textContent).toContain('Preferred days requested');

    const status = screen.getAllByLabelText('Status').find((e) => e.tagName === 'INPUT')!;
    await pickOption(user, status, 'To plan');
    await waitFor(() => expect(view.search()).toBe('?status=TO_PLAN'));
    await waitFor(async () => {
      const text = (await table()).textContent ?? '';
      expect(text).toContain(names.late);
      expect(text).not.toContain(names.planned);
    });
    const state = screen.getAllByLabelText('State').find((e) => e.tagName === 'INPUT')!;
    await pickOption(user, state, 'VIC');
    await waitFor(() => expect(view.search()).toBe('?state=VIC&status=TO_PLAN'));
    expect(await screen.findByText('No visits match these filters.', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('creates a visit, offers it (the conflicted surveyor shown with the reason, not choosable), warns without a GP, and requests the preferred days', async () => {
    const user = userEvent.setup();
    const view = await renderAppOnStack(stack, '/SurveyVisits/Planning?status=TO_PLAN', { as: qam });
    await user.click(
      within(await rowOf(names.late)).getByRole('button', { name: `Create visit for ${names.late}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Create visit: ${names.late}` });
    await pickOption(
      user,
      within(dialog)
        .getAllByLabelText(/^Reason/)
        .find((e) => e.tagName === 'INPUT')!,
      'Re-accreditation (renewal of the cycle)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create visit' }));
    await waitFor(() => expect(view.search()).toMatch(/visit=\d+/), { timeout: 15_000 });

    const drawer = await screen.findByRole(
      'dialog',
      { name: `Plan the visit to ${names.late}` },
      { timeout: 15_000 },
    );
    const offer = await within(drawer).findByRole(
      'table',
      { name: 'Surveyors to offer the visit to' },
      { timeout: 15_000 },
    );
    const connorBox = within(offer).getByRole('checkbox', {
      name: `Offer to Connor ${tag}`,
    }) as HTMLInputElement;
    expect(connorBox.disabled).toBe(true);
    expect(offer.textContent).toContain('Conflicted: Worked there as a GP');
    expect(within(drawer).getByText(/This survey has no GP surveyor/)).toBeTruthy();

    await user.click(within(offer).getByRole('checkbox', { name: `Offer to Gina ${tag}` }));
    await user.click(within(offer).getByRole('checkbox', { name: `Offer to Sam ${tag}` }));
    await user.click(within(drawer).getByRole('button', { name: 'Offer to 2 surveyors' }));
    const team = await within(drawer).findByRole('table', { name: 'Surveyors offered' }, { timeout: 15_000 });
    await waitFor(() => expect(within(team).getAllByText('Offered')).toHaveLength(2));
    await waitFor(() => expect(within(drawer).queryByText(/This survey has no GP surveyor/)).toBeNull());
    const rows = await stack.sql.query(
      `select sv.user_id, sv.status from survey_visitors sv join survey_visits v on v.id = sv.survey_visit_id
         join accreditations a on a.id = v.accreditation_id join organisations o on o.id = a.practice_id
        where o.name = $1 order by sv.user_id`,
      [names.late],
    );
    expect(rows.rows).toEqual([
      { user_id: gina.id, status: 'OFFERED' },
      { user_id: sam.id, status: 'OFFERED' },
    ]);

    await user.click(within(drawer).getByRole('button', { name: 'Request preferred days' }));
    const ask = await screen.findByRole('dialog', { name: 'Request preferred days' });
    expect(ask.textContent).toContain(`2 surveyors (Gina ${tag}, Sam ${tag}) will be e-mailed`);
    await user.click(within(ask).getByRole('button', { name: 'Send the request' }));
    await within(drawer).findByRole('button', { name: 'Request preferred days again' }, { timeout: 15_000 });
    expect(within(drawer).getByText('Preferred days requested')).toBeTruthy();
    const mails = await stack.sql.query(
      `select to_address from email_outbox where template = 'survey-preferred-days' order by to_address`,
    );
    expect(mails.rows.map((m) => m.to_address)).toEqual([gina.email, sam.email].sort());
  });

  it('shows the stated days side by side (a table for screen readers), finalises (spec 002 §5 times hh:mm am|pm, spec 001 §9 picker dd/MM/yy) and sends the confirmation', async () => {
    const user = userEvent.setup();
    await renderAppOnStack(stack, `/SurveyVisits/Planning?visit=${daysVisit}`, { as: qam });
    const drawer = await screen.findByRole(
      'dialog',
      { name: `Plan the visit to ${names.days}` },
      { timeout: 15_000 },
    );
    const days = await within(drawer).findByRole(
      'table',
      { name: `Preferred days from ${dates.from} to ${dates.to}` },
      { timeout: 15_000 },
    );
    const tenth = within(days).getByRole('rowheader', { name: dates.freeShown }).closest('tr')!;
    expect([...tenth.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Available',
      'Unavailable: School holidays',
    ]);
    // A header row and one row per day of the period, from today to the end of the due month.
    expect(within(days).getAllByRole('row')).toHaveLength(dates.periodDays + 1);
    const busy = within(days).getByRole('rowheader', { name: dates.busyShown }).closest('tr')!;
    expect([...busy.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Available', 'No answer']);
    expect(within(drawer).getByRole('group', { name: 'Legend' }).textContent).toContain(`Gina ${tag}`);

    const date = within(drawer).getByLabelText(/^Visit date/);
    await user.click(date);
    // spec 001 §9: the date picker takes dd/MM/yy.
    fireEvent.change(date, {
      target: { value: `${dates.freeShown.slice(0, 6)}${dates.freeShown.slice(8)}` },
    });
    fireEvent.blur(date);
    // spec 002 §5 time helper: hh:mm am|pm, typed with digits, colon, a, p, m and space only.
    const start = within(drawer).getByRole('textbox', { name: /^Start time/ }) as HTMLInputElement;
    await user.clear(start);
    await user.type(start, '17:30');
    await user.tab();
    expect(within(drawer).getByText('Value should be in form hh:mm am|pm')).toBeTruthy();
    await user.clear(start);
    await user.type(start, '9:30x am');
    expect(start.value).toBe('9:30 am');
    await user.tab();
    expect(within(drawer).queryByText('Value should be in form hh:mm am|pm')).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: 'Finalise visit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Finalise the visit' });
    expect(confirm.textContent).toContain(`${dates.freeShown}, 9:30 am to 5:00 pm`);
    await user.click(within(confirm).getByRole('button', { name: 'Finalise' }));
    await within(drawer).findByRole('button', { name: 'Send survey confirmation' }, { timeout: 15_000 });
    const visit = await stack.sql.query(
      'select status, date::text as date, start_time::text as start from survey_visits where id = $1',
      [daysVisit],
    );
    expect(visit.rows[0]).toEqual({ status: 'FINAL', date: dates.free, start: '09:30:00' });

    await user.click(within(drawer).getByRole('button', { name: 'Send survey confirmation' }));
    const send = await screen.findByRole('dialog', { name: 'Send survey confirmation' });
    await user.click(within(send).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(drawer.textContent).toContain('Survey confirmation: Sent'), {
      timeout: 15_000,
    });
    const sent = await stack.sql.query('select confirmation_form_status from survey_visits where id = $1', [
      daysVisit,
    ]);
    expect(sent.rows[0].confirmation_form_status).toBe('SENT');
  });
  it('spec 001 §1: adds a surveillance visit to a cycle that has its survey being planned, never a second open survey', async () => {
    const user = userEvent.setup();
    await renderAppOnStack(stack, '/SurveyVisits/Planning', { as: qam });
    await user.click(
      within(await rowOf(names.planned)).getByRole('button', {
        name: `New visit for ${names.planned}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Create visit: ${names.planned}` });
    const type = within(dialog)
      .getAllByLabelText(/^Type/)
      .find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    // The cycle's survey is still being planned: Survey is not offered, Surveillance comes first.
    expect(type.value).toBe('Surveillance');
    await user.click(type);
    await waitFor(() => expect(type.getAttribute('aria-controls')).toBeTruthy());
    const options = within(document.getElementById(type.getAttribute('aria-controls')!)!)
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent);
    expect(options).toEqual(['Surveillance', 'Relocation', 'Gap']);
    await user.keyboard('{Escape}');
    await pickOption(
      user,
      within(dialog)
        .getAllByLabelText(/^Reason/)
        .find((e) => e.tagName === 'INPUT')!,
      'Mid-cycle surveillance',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create visit' }));
    await waitFor(
      async () => {
        const visits = await stack.sql.query(
          `select v.type, v.status, v.reason_for_visit from survey_visits v
             join accreditations a on a.id = v.accreditation_id join organisations o on o.id = a.practice_id
            where o.name = $1 order by v.id`,
          [names.planned],
        );
        expect(visits.rows).toEqual([
          { type: 'ACCREDITATION', status: 'PLANNING', reason_for_visit: null },
          { type: 'SURVEILLANCE', status: 'PLANNING', reason_for_visit: 'MID_CYCLE_SURVEILLANCE' },
        ]);
      },
      { timeout: 15_000 },
    );
  });
});
