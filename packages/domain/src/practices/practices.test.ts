import { describe, expect, it } from 'vitest';
import type { TPracticeRole } from '../accounts/derive-user-flags.ts';
import {
  isBookedVisit,
  PRACTICE_LIST_COLUMNS,
  PRACTICE_LIST_ROW_FIELDS,
  practiceListCells,
  practiceListDisplay,
} from './practice-list-columns.ts';
import {
  hasPracticeListCriteria,
  PRACTICE_LIST_FILTERS,
  PRACTICE_LIST_ORDER_BY,
  parsePracticeListQuery,
  practiceFilterWhere,
  practiceListPage,
  practiceListSearchParams,
  practiceListWhere,
  readPracticeListQuery,
} from './practice-list-query.ts';
import {
  changePracticeWhere,
  defaultBackOfficeRole,
  isLessThan12MonthsToExpire,
  isPracticeRowLocked,
  isPreferenceDaysDue,
  paymentUrlFromTemplate,
  practiceDueButton,
  practiceListEmptyMessage,
  practiceOpening,
  shouldRedirectToPayment,
  singlePracticeLanding,
  viewerCanChangePractice,
} from './practice-rules.ts';
import { practiceCycleStatus, statusBadge } from './status-badge.ts';

const TODAY = '2025-06-15';

describe('practice list URL', () => {
  it('has the six filters with the spec flags', () => {
    expect(PRACTICE_LIST_FILTERS.map((f) => [f.flag, f.label])).toEqual([
      ['cycleOpen', 'Cycle open'],
      ['actionRequired', 'Action required'],
      ['selfAssessmentDue', 'Self assessment due'],
      ['renewalDue', 'Renewal due'],
      ['preferenceDaysDue', 'Preference days due'],
      ['lessExpire', 'Less than 12m to expire'],
    ]);
  });

  it("reads flags only when they are the text 'true', and round-trips", () => {
    const query = parsePracticeListQuery(
      new URLSearchParams('search=bay&cycleOpen=true&renewalDue=1&lessExpire=true&state=WA&page=3'),
    );
    expect(query).toEqual({
      search: 'bay',
      filters: ['cycleOpen', 'lessExpire'],
      state: 'WA',
      network: null,
      page: 3,
    });
    expect(practiceListSearchParams(query).toString()).toBe(
      'search=bay&cycleOpen=true&lessExpire=true&state=WA&page=3',
    );
    expect(parsePracticeListQuery({ page: '-2', network: 'Sunrise Medical Group' })).toEqual({
      search: '',
      filters: [],
      state: null,
      network: 'Sunrise Medical Group',
      page: 1,
    });
    expect(practiceListSearchParams({ page: 1, filters: [] }).toString()).toBe('');
  });

  it('reads the screen URL leniently and a request strictly, with one schema', () => {
    const bad = { search: 'bay', state: "';--", renewalDue: 'yes', page: '0', network: 'n'.repeat(201) };
    expect(parsePracticeListQuery(bad)).toEqual({
      search: 'bay',
      filters: [],
      state: null,
      network: null,
      page: 1,
    });
    expect(() => readPracticeListQuery(bad)).toThrow('Choose a state from the list.');
    expect(
      readPracticeListQuery(new URLSearchParams('search=bay&renewalDue=true&state=QLD&page=2&other=x')),
    ).toEqual({ search: 'bay', filters: ['renewalDue'], state: 'QLD', network: null, page: 2 });
    expect(() => readPracticeListQuery(new URLSearchParams('state=NSW&state=VIC'))).toThrow(
      'Choose a state from the list.',
    );
  });

  it('pages by 25', () => {
    expect(practiceListPage(1)).toEqual({ limit: 25, offset: 0 });
    expect(practiceListPage(3)).toEqual({ limit: 25, offset: 50 });
  });
});

describe('practiceListWhere', () => {
  it('is only active practices without criteria', () => {
    expect(practiceListWhere({ search: ' ', filters: [], state: null, network: null }, TODAY)).toEqual({
      _and: [{ active_status: { _eq: 'ACTIVE' } }],
    });
  });

  it('searches name, suburb, postcode and network with escaped wildcards, and adds state and network', () => {
    const where = practiceListWhere({ search: '100%', filters: [], state: 'NSW', network: 'Net' }, TODAY) as {
      _and: unknown[];
    };
    const like = { _ilike: '%100\\%%' };
    expect(where._and).toEqual([
      { active_status: { _eq: 'ACTIVE' } },
      {
        _or: [
          { organisation: { name: like } },
          { organisation: { physical_address: { suburb: like } } },
          { organisation: { physical_address: { postcode: like } } },
          { network: { name: like } },
        ],
      },
      { organisation: { physical_address: { state: { _eq: 'NSW' } } } },
      { network: { name: { _eq: 'Net' } } },
    ]);
  });

  it('turns each filter into its condition', () => {
    expect(practiceFilterWhere('cycleOpen', TODAY)).toEqual({
      current_accreditation: { status: { _eq: 'OPEN' } },
    });
    expect(practiceFilterWhere('actionRequired', TODAY)).toEqual({
      current_accreditation: { assessments: { status: { _eq: 'ACTION_REQUIRED' } } },
    });
    expect(practiceFilterWhere('selfAssessmentDue', TODAY)).toEqual({
      current_accreditation: {
        status: { _eq: 'OPEN' },
        self_assessment_due: { _is_null: false },
        _not: {
          assessments: { type: { _eq: 'PRESURVEY' }, status: { _in: ['UNDER_REVIEW', 'COMPLETED'] } },
        },
      },
    });
    expect(practiceFilterWhere('renewalDue', TODAY)).toEqual({
      reapplications: { status: { _in: ['DUE', 'PAYMENT_PENDING'] } },
    });
    // Spec 000 §9: a preference-days-due visit needs a due date in the future.
    expect(practiceFilterWhere('preferenceDaysDue', TODAY)).toEqual({
      current_accreditation: {
        survey_visits: {
          status: { _eq: 'PREFERRED_DAYS_REQ' },
          due: { _gt: TODAY },
          archived: { _eq: false },
        },
      },
    });
    // Spec 000 §9: expiry or extension within the next year and still in the future.
    expect(practiceFilterWhere('lessExpire', TODAY)).toEqual({
      current_accreditation: {
        _or: [
          { expiry_date: { _gt: TODAY, _lte: '2026-06-15' } },
          { ext_date: { _gt: TODAY, _lte: '2026-06-15' } },
        ],
      },
    });
    expect(
      practiceListWhere(
        { search: '', filters: ['cycleOpen', 'actionRequired'], state: null, network: null },
        TODAY,
      ),
    ).toEqual({
      _and: [
        { active_status: { _eq: 'ACTIVE' } },
        practiceFilterWhere('cycleOpen', TODAY),
        practiceFilterWhere('actionRequired', TODAY),
      ],
    });
  });

  it('orders by the expiry shown (extension, else expiry), soonest first, then name and id', () => {
    expect(PRACTICE_LIST_ORDER_BY).toEqual([
      { current_accreditation: { effective_expiry_date: 'asc_nulls_last' } },
      { organisation: { name: 'asc' } },
      { organisation_id: 'asc' },
    ]);
  });
});

describe('list rules', () => {
  it('less than 12 months: expiry or extension in the future and within a year', () => {
    expect(isLessThan12MonthsToExpire({ expiry_date: '2025-09-01' }, TODAY)).toBe(true);
    expect(isLessThan12MonthsToExpire({ expiry_date: '2026-06-15' }, TODAY)).toBe(true);
    expect(isLessThan12MonthsToExpire({ expiry_date: '2026-06-16' }, TODAY)).toBe(false);
    expect(isLessThan12MonthsToExpire({ expiry_date: TODAY }, TODAY)).toBe(false);
    expect(isLessThan12MonthsToExpire({ expiry_date: '2025-05-01', ext_date: '2025-09-01' }, TODAY)).toBe(
      true,
    );
    expect(isLessThan12MonthsToExpire({ expiry_date: '2025-05-01', ext_date: null }, TODAY)).toBe(false);
    expect(isLessThan12MonthsToExpire(null, TODAY)).toBe(false);
  });

  it('preference days are due only for a requested visit due in the future', () => {
    expect(isPreferenceDaysDue({ status: 'PREFERRED_DAYS_REQ', due: '2025-07-01' }, TODAY)).toBe(true);
    expect(isPreferenceDaysDue({ status: 'PREFERRED_DAYS_REQ', due: TODAY }, TODAY)).toBe(false);
    expect(isPreferenceDaysDue({ status: 'PLANNING', due: '2025-07-01' }, TODAY)).toBe(false);
    expect(isPreferenceDaysDue({ status: 'PREFERRED_DAYS_REQ', due: null }, TODAY)).toBe(false);
    expect(
      isPreferenceDaysDue({ status: 'PREFERRED_DAYS_REQ', due: '2025-07-01', archived: true }, TODAY),
    ).toBe(false);
  });

  it('due-item buttons', () => {
    const pm = { practiceRoles: ['PM'] as const, backOfficeRole: null };
    expect(practiceDueButton({ practiceId: 3, reapplicationStatus: 'DUE', viewer: pm })).toEqual({
      kind: 'RENEWAL_DUE',
      label: 'Renewal Due',
      path: '/Practice/Reapplication/3',
    });
    expect(practiceDueButton({ practiceId: 4, reapplicationStatus: 'PAYMENT_PENDING', viewer: pm })).toEqual({
      kind: 'RENEWAL_PAYMENT_DUE',
      label: 'Renewal Payment Due',
      payment: true,
    });
    expect(
      practiceDueButton({ practiceId: 2, preferredDaysVisitId: 9, reapplicationStatus: 'DUE', viewer: pm }),
    ).toEqual({
      kind: 'SET_AVAILABILITY',
      label: 'Set Availability',
      path: '/SurveyVisits/9/PreferredDays',
    });
    expect(practiceDueButton({ practiceId: 1, reapplicationStatus: 'COMPLETED', viewer: pm })).toBeNull();
    expect(practiceDueButton({ practiceId: 1, viewer: pm })).toBeNull();
  });

  it('shows renewal buttons only to holders of practice.changePractice', () => {
    const renewal = (viewer: Parameters<typeof practiceDueButton>[0]['viewer'], status = 'DUE') =>
      practiceDueButton({ practiceId: 3, reapplicationStatus: status, viewer })?.kind ?? null;
    const surveyor = { practiceRoles: ['SU'] as const, backOfficeRole: null };
    for (const status of ['DUE', 'PAYMENT_PENDING']) {
      // A surveyor on the practice, or a user without a role on it, could not act: no button.
      expect(renewal(surveyor, status)).toBeNull();
      expect(renewal({ practiceRoles: [], backOfficeRole: null }, status)).toBeNull();
      // The practice manager, also one who surveys it too, a QAM and a provider admin can.
      const kind = status === 'DUE' ? 'RENEWAL_DUE' : 'RENEWAL_PAYMENT_DUE';
      expect(renewal({ practiceRoles: ['PM'], backOfficeRole: null }, status)).toBe(kind);
      expect(renewal({ practiceRoles: ['SU', 'PM'], backOfficeRole: null }, status)).toBe(kind);
      expect(renewal({ practiceRoles: [], backOfficeRole: 'qam' }, status)).toBe(kind);
      expect(renewal({ practiceRoles: ['SU'], backOfficeRole: 'provider_admin' }, status)).toBe(kind);
    }
    // Set Availability is the visitor's whatever their other roles.
    expect(
      practiceDueButton({
        practiceId: 2,
        preferredDaysVisitId: 2,
        reapplicationStatus: 'DUE',
        viewer: surveyor,
      })?.kind,
    ).toBe('SET_AVAILABILITY');
    expect(viewerCanChangePractice(surveyor)).toBe(false);
  });

  it('filters lists to the practices the viewer may change, from the flag table', () => {
    expect(changePracticeWhere(7, 'qam')).toEqual({});
    expect(changePracticeWhere(7, 'provider_admin')).toEqual({});
    expect(changePracticeWhere(7, null)).toEqual({
      practice_users: { user_id: { _eq: 7 }, active: { _eq: true }, role: { _in: ['PM'] } },
    });
  });

  it('knows the back-office role of the web app from the user flags (the default role)', () => {
    expect(defaultBackOfficeRole({ admin: true, qam: true })).toBe('provider_admin');
    expect(defaultBackOfficeRole({ admin: false, qam: true })).toBe('qam');
    expect(defaultBackOfficeRole({ admin: false, qam: false })).toBeNull();
  });

  it('locks rows for anonymous users and for surveyors on payment-pending practices', () => {
    const base = {
      signedIn: true,
      practiceStatus: 'PAYMENT_PENDING',
      isSurveyorOnPractice: true,
      isAdmin: false,
      isPracticeManager: false,
    };
    expect(isPracticeRowLocked(base)).toBe(true);
    expect(isPracticeRowLocked({ ...base, signedIn: false, practiceStatus: 'ACCREDITED' })).toBe(true);
    expect(isPracticeRowLocked({ ...base, isAdmin: true })).toBe(false);
    expect(isPracticeRowLocked({ ...base, isPracticeManager: true })).toBe(false);
    expect(isPracticeRowLocked({ ...base, practiceStatus: 'IN_PROGRESS' })).toBe(false);
    expect(isPracticeRowLocked({ ...base, isSurveyorOnPractice: false })).toBe(false);
  });

  it('has two empty messages', () => {
    expect(practiceListEmptyMessage({ search: '', filters: [] })).toBe('No practices found');
    expect(practiceListEmptyMessage({ filters: ['renewalDue'] })).toBe(
      'No practices found for the search criteria',
    );
    expect(hasPracticeListCriteria({ state: 'VIC' })).toBe(true);
  });

  it('redirects to payment only for payment pending without a renewal due or in payment', () => {
    expect(shouldRedirectToPayment({ status: 'PAYMENT_PENDING', reapplications: [] })).toBe(true);
    expect(
      shouldRedirectToPayment({ status: 'PAYMENT_PENDING', reapplications: [{ status: 'COMPLETED' }] }),
    ).toBe(true);
    expect(shouldRedirectToPayment({ status: 'PAYMENT_PENDING', reapplications: [{ status: 'DUE' }] })).toBe(
      false,
    );
    expect(
      shouldRedirectToPayment({ status: 'PAYMENT_PENDING', reapplications: [{ status: 'PAYMENT_PENDING' }] }),
    ).toBe(false);
    expect(shouldRedirectToPayment({ status: 'ACCREDITED' })).toBe(false);
  });

  it('sends a single practice straight to Staff, or to payment when the user may pay', () => {
    const pm = { practiceRoles: ['PM'] as TPracticeRole[], backOfficeRole: null, isAdmin: false };
    expect(singlePracticeLanding([{ organisation_id: 1, status: 'IN_PROGRESS' }], pm)).toEqual({
      kind: 'staff',
      path: '/PracticeOverview/1/Staff',
    });
    expect(
      singlePracticeLanding([{ organisation_id: 9, status: 'PAYMENT_PENDING', reapplications: [] }], pm),
    ).toEqual({
      kind: 'payment',
      practiceId: 9,
    });
    expect(
      singlePracticeLanding(
        [{ organisation_id: 9, status: 'PAYMENT_PENDING', reapplications: [{ status: 'PAYMENT_PENDING' }] }],
        pm,
      ),
    ).toEqual({ kind: 'staff', path: '/PracticeOverview/9/Staff' });
    expect(singlePracticeLanding([], pm)).toBeNull();
    expect(
      singlePracticeLanding(
        [
          { organisation_id: 1, status: 'IN_PROGRESS' },
          { organisation_id: 2, status: 'IN_PROGRESS' },
        ],
        pm,
      ),
    ).toBeNull();
  });

  it('keeps a surveyor whose only practice awaits payment on the list: the row is locked, and they cannot pay', () => {
    const su = { practiceRoles: ['SU'] as TPracticeRole[], backOfficeRole: null, isAdmin: false };
    const pending = [{ organisation_id: 9, status: 'PAYMENT_PENDING', reapplications: [] }];
    expect(singlePracticeLanding(pending, su)).toEqual({ kind: 'locked' });
    // Payment pending for a renewal: still locked for them (the lock looks at the status only).
    expect(
      singlePracticeLanding([{ ...pending[0]!, reapplications: [{ status: 'PAYMENT_PENDING' }] }], su),
    ).toEqual({ kind: 'locked' });
    // Not payment pending: the surveyor opens it.
    expect(singlePracticeLanding([{ organisation_id: 3, status: 'ACCREDITED' }], su)).toEqual({
      kind: 'staff',
      path: '/PracticeOverview/3/Staff',
    });
  });

  it('spec 000 §4: a provider admin opens a payment-pending practice, to record a payment received', () => {
    const pending = { status: 'PAYMENT_PENDING', reapplications: [] };
    expect(
      practiceOpening(pending, { practiceRoles: [], backOfficeRole: 'provider_admin', isAdmin: true }),
    ).toBe('open');
  });

  it('decides what opening a practice leads to, by who opens it', () => {
    const pending = { status: 'PAYMENT_PENDING', reapplications: [] };
    const as = (practiceRoles: TPracticeRole[], backOfficeRole: 'qam' | 'provider_admin' | null = null) => ({
      practiceRoles,
      backOfficeRole,
      isAdmin: backOfficeRole === 'provider_admin',
    });
    expect(practiceOpening(pending, as(['PM']))).toBe('payment');
    expect(practiceOpening(pending, as(['PM', 'SU']))).toBe('payment');
    expect(practiceOpening(pending, as([], 'qam'))).toBe('payment');
    expect(practiceOpening(pending, as(['SU']))).toBe('locked');
    // Someone with no role on it who cannot pay is not sent to a payment they would be refused.
    expect(practiceOpening(pending, as([]))).toBe('open');
    // A renewal due or in payment: no application payment redirect.
    expect(
      practiceOpening({ status: 'PAYMENT_PENDING', reapplications: [{ status: 'DUE' }] }, as(['PM'])),
    ).toBe('open');
    expect(practiceOpening({ status: 'ACCREDITED' }, as(['SU']))).toBe('open');
  });

  it('fills the payment URL template', () => {
    expect(paymentUrlFromTemplate('https://pay.example/p/{practiceId}?r={practiceId}', 9)).toBe(
      'https://pay.example/p/9?r=9',
    );
  });
});

describe('status badges', () => {
  it('use the spec labels and colours', () => {
    expect(statusBadge('IN_PROGRESS')).toEqual({ label: 'In progress', color: 'blue' });
    expect(statusBadge('OPEN').color).toBe('blue');
    for (const s of ['ACCREDITED', 'APPROVED', 'CLOSED']) expect(statusBadge(s).color, s).toBe('green');
    expect(statusBadge('ACTION_REQUIRED')).toEqual({ label: 'Action required', color: 'red' });
    for (const s of ['PAYMENT_PENDING', 'under review']) expect(statusBadge(s).color, s).toBe('yellow');
    for (const s of ['COMPLETED', 'complete', 'CERTIFIED']) expect(statusBadge(s).color, s).toBe('gray');
    expect(statusBadge('WITHDRAWN')).toEqual({ label: 'Withdrawn', color: 'gray' });
  });

  it('derive the Cycle column status', () => {
    expect(
      practiceCycleStatus({ status: 'PAYMENT_PENDING', current_accreditation: { status: 'OPEN' } }),
    ).toBe('PAYMENT_PENDING');
    expect(
      practiceCycleStatus({
        status: 'IN_PROGRESS',
        current_accreditation: { status: 'OPEN', assessments: [] },
      }),
    ).toBe('IN_PROGRESS');
    expect(
      practiceCycleStatus({
        status: 'IN_PROGRESS',
        current_accreditation: {
          status: 'OPEN',
          assessments: [
            { type: 'PRESURVEY', status: 'COMPLETED', created_at: '2025-01-01' },
            { type: 'SURVEY_VISIT', status: 'ACTION_REQUIRED', created_at: '2025-03-01' },
          ],
        },
      }),
    ).toBe('ACTION_REQUIRED');
    expect(practiceCycleStatus({ status: 'ACCREDITED', current_accreditation: { status: 'CLOSED' } })).toBe(
      'ACCREDITED',
    );
    expect(practiceCycleStatus({ status: 'APPLICATION', current_accreditation: null })).toBe('APPLICATION');
  });
});

describe('practice list columns', () => {
  const riverbend = {
    organisation_id: 2,
    status: 'IN_PROGRESS',
    organisation: { name: 'Riverbend', physical_address: { suburb: 'West End', state: 'QLD' } },
    network: { name: 'Harbour & Coast' },
    current_accreditation: {
      status: 'OPEN',
      expiry_date: '2026-07-20',
      ext_date: null,
      self_assessment_due: '2025-05-06',
      survey_visit_due: '2025-08-29',
      qam: { first_name: 'Helen', last_name: 'Murray' },
      assessments: [],
      booked_visits: [{ id: 1, date: '2024-01-10', status: 'FINAL' }],
    },
  };

  it('turn a row into the ten displayed cells', () => {
    expect(PRACTICE_LIST_COLUMNS).toEqual([
      'Practice',
      'Suburb',
      'State',
      'Expiry',
      'QAM',
      'Network',
      'Cycle',
      'SA Due',
      'SV Scheduled',
      'SV Booked',
    ]);
    expect(practiceListCells(riverbend)).toEqual([
      'Riverbend',
      'West End',
      'QLD',
      '20/07/2026',
      'Helen Murray',
      'Harbour & Coast',
      'In progress',
      '06/05/2025',
      'Aug 2025',
      '10/01/2024',
    ]);
  });

  it('show the extension as the expiry, the original as a hint, and dues only for an open cycle', () => {
    const extended = {
      ...riverbend,
      status: 'ACCREDITED',
      current_accreditation: { ...riverbend.current_accreditation, status: 'CLOSED', ext_date: '2026-10-28' },
    };
    expect(practiceListDisplay(extended)).toEqual({
      name: 'Riverbend',
      suburb: 'West End',
      state: 'QLD',
      expiry: '28/10/2026',
      extendedFrom: '20/07/2026',
      qam: 'Helen Murray',
      network: 'Harbour & Coast',
      cycleStatus: 'ACCREDITED',
      selfAssessmentDue: '',
      surveyVisitScheduled: '',
      surveyVisitBooked: '10/01/2024',
    });
  });

  it('count only a confirmed visit as booked: FINAL, dated, not archived', () => {
    expect(isBookedVisit({ status: 'FINAL', date: '2024-01-10' })).toBe(true);
    for (const status of ['DRAFT', 'PLANNING', 'PREFERRED_DAYS_REQ'])
      expect(isBookedVisit({ status, date: '2024-01-10' }), status).toBe(false);
    expect(isBookedVisit({ status: 'FINAL', date: null })).toBe(false);
    expect(isBookedVisit({ status: 'FINAL', date: '2024-01-10', archived: true })).toBe(false);
    // A DRAFT visit with a date handed to the columns is not shown as booked.
    const draft = {
      ...riverbend,
      current_accreditation: {
        ...riverbend.current_accreditation,
        booked_visits: [{ id: 2, date: '2025-09-01', status: 'DRAFT' }],
      },
    };
    expect(practiceListDisplay(draft).surveyVisitBooked).toBe('');
    // The list and the CSV select booked visits with the same condition.
    expect(PRACTICE_LIST_ROW_FIELDS.replace(/\s+/g, ' ')).toContain(
      'booked_visits: survey_visits( where: {archived: {_eq: false}, status: {_eq: FINAL}, date: {_is_null: false}}',
    );
  });

  it('leave cells blank without a cycle', () => {
    expect(practiceListCells({ organisation_id: 9, status: 'PAYMENT_PENDING' })).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
      'Payment pending',
      '',
      '',
      '',
    ]);
  });
});
