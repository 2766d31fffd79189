import { describe, expect, it } from 'vitest';
import { dashboardDueItems, dashboardVariables, type TDashboard } from './due-items.ts';

const TODAY = '2025-06-15';
type TPracticeStatus = TDashboard['renewals'][number]['status'];
type TPracticeUserRole = TDashboard['renewals'][number]['practice_users'][number]['role'];
const practice = (id: number, name: string, status: TPracticeStatus = 'ACCREDITED') => ({
  organisation_id: id,
  status,
  organisation: { id, name },
});
/** The signed-in user's roles on a practice, as the query selects them. */
const as = (...roles: TPracticeUserRole[]) => ({
  practice_users: roles.map((role, i) => ({ id: i + 1, role })),
});
const empty: TDashboard = {
  total: { aggregate: { count: 3 } },
  renewals: [],
  selfAssessments: [],
  preferredDays: [],
  confirmations: [],
  applicationPayments: [],
  upcomingVisits: [],
};

describe('dashboardDueItems', () => {
  it('turns each kind of due item into a row with its action and date', () => {
    const items = dashboardDueItems(
      {
        ...empty,
        applicationPayments: [
          { ...practice(9, 'Lakeside', 'PAYMENT_PENDING'), ...as('PM'), reapplications: [] },
        ],
        renewals: [
          {
            ...practice(3, 'Southern Cross'),
            ...as('PM'),
            reapplications: [{ id: 1, status: 'DUE', due_date: '2025-07-01' }],
          },
          {
            ...practice(4, 'Bayview'),
            ...as('SU', 'PM'),
            reapplications: [{ id: 2, status: 'PAYMENT_PENDING', due_date: null }],
          },
        ],
        preferredDays: [
          {
            ...practice(2, 'Riverbend', 'IN_PROGRESS'),
            current_accreditation: {
              id: 2,
              survey_visits: [
                { id: 5, status: 'PREFERRED_DAYS_REQ', due: '2025-09-01', archived: false },
                { id: 6, status: 'PREFERRED_DAYS_REQ', due: '2025-06-01', archived: false },
              ],
            },
          },
        ],
        confirmations: [
          {
            ...practice(10, 'Hinterland'),
            current_accreditation: {
              id: 10,
              survey_visits: [{ id: 9, type: 'SURVEILLANCE', date: null, due: '2025-08-10' }],
            },
          },
        ],
        selfAssessments: [
          {
            ...practice(1, 'Harbourside', 'IN_PROGRESS'),
            current_accreditation: { id: 1, self_assessment_due: '2025-07-30' },
          },
        ],
      },
      TODAY,
      null,
    );
    expect(items.map((i) => [i.title, i.practiceName, i.when, i.action.label])).toEqual([
      ['Application payment due', 'Lakeside', '', 'Pay now'],
      ['Renewal Due', 'Southern Cross', '01/07/2025', 'Start renewal'],
      ['Renewal Payment Due', 'Bayview', '', 'Pay now'],
      ['Preference days due', 'Riverbend', 'September 2025', 'Set Availability'],
      ['Survey confirmation due', 'Hinterland', '10/08/2025', 'Review visit'],
      ['Self assessment due', 'Harbourside', '30/07/2025', 'Open accreditation'],
    ]);
    expect(items[1]?.action).toEqual({ label: 'Start renewal', to: '/Practice/Reapplication/3' });
    expect(items[3]?.action).toEqual({ label: 'Set Availability', to: '/SurveyVisits/5/PreferredDays' });
    expect(items[4]?.action).toEqual({ label: 'Review visit', to: '/Practice/SurveyConfirmation/10' });
  });

  it("lists the surveyor's booked survey visits to come, on their day", () => {
    const items = dashboardDueItems(
      {
        ...empty,
        upcomingVisits: [
          {
            ...practice(2, 'Riverbend', 'IN_PROGRESS'),
            current_accreditation: {
              id: 2,
              survey_visits: [{ id: 5, date: '2025-07-02', start_time: '09:00:00' }],
            },
          },
        ],
      },
      TODAY,
      null,
    );
    expect(items).toEqual([
      {
        key: 'survey-visit-5',
        practiceId: 2,
        practiceName: 'Riverbend',
        title: 'Survey visit',
        when: '02/07/2025',
        whenLabel: 'On',
        action: { label: 'Open accreditation', to: '/PracticeOverview/2/Accreditation' },
        tone: 'green',
      },
    ]);
    const variables = dashboardVariables(3, TODAY, null);
    expect(variables.today).toBe(TODAY);
    expect(JSON.stringify(variables.upcomingVisits)).toContain(
      '"survey_visitors":{"user_id":{"_eq":3},"status":{"_eq":"ACCEPTED"}}',
    );
  });

  it('does not ask for the application fee while a renewal is open', () => {
    const items = dashboardDueItems(
      {
        ...empty,
        applicationPayments: [
          {
            ...practice(9, 'Lakeside', 'PAYMENT_PENDING'),
            ...as('PM'),
            reapplications: [{ id: 1, status: 'DUE', due_date: null }],
          },
        ],
      },
      TODAY,
      null,
    );
    expect(items).toEqual([]);
  });

  it('offers renewals and payments only to who may change the practice', () => {
    const data: TDashboard = {
      ...empty,
      applicationPayments: [
        { ...practice(9, 'Lakeside', 'PAYMENT_PENDING'), ...as('SU'), reapplications: [] },
      ],
      renewals: [
        {
          ...practice(3, 'Southern Cross'),
          ...as('SU'),
          reapplications: [{ id: 1, status: 'DUE', due_date: '2025-07-01' }],
        },
        {
          ...practice(4, 'Bayview'),
          ...as(),
          reapplications: [{ id: 2, status: 'PAYMENT_PENDING', due_date: null }],
        },
      ],
    };
    expect(dashboardDueItems(data, TODAY, null)).toEqual([]);
    for (const role of ['qam', 'provider_admin'] as const) {
      expect(dashboardDueItems(data, TODAY, role).map((i) => i.title)).toEqual([
        'Application payment due',
        'Renewal Due',
        'Renewal Payment Due',
      ]);
    }
  });

  it('filters each kind with the practice list rules, preferred days only for the visitor', () => {
    const variables = dashboardVariables(3, TODAY, null);
    expect(variables.userId).toBe(3);
    expect(JSON.stringify(variables.renewals)).toContain('"reapplications"');
    expect(JSON.stringify(variables.preferredDays)).toContain('"survey_visitors":{"user_id":{"_eq":3}}');
    expect(JSON.stringify(variables.confirmations)).toContain('"confirmation_form_status":{"_eq":"SENT"}');
    // Renewals and payments only where the user may change the practice; the back office everywhere.
    const mine = '"practice_users":{"user_id":{"_eq":3},"active":{"_eq":true},"role":{"_in":["PM"]}}';
    expect(JSON.stringify(variables.renewals)).toContain(mine);
    expect(JSON.stringify(variables.applicationPayments)).toContain(mine);
    expect(JSON.stringify(dashboardVariables(3, TODAY, 'qam').renewals)).not.toContain('practice_users');
  });
});
