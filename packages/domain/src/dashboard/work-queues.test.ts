import { describe, expect, it } from 'vitest';
import {
  backOfficeQueueWhere,
  dueWords,
  EMPTY_QUEUE_TEXT,
  isStaffRowComplete,
  missingStaffDocuments,
  practiceManagerQueue,
  practiceManagerQueueVariables,
  practiceManagerQueueWhere,
  providerAdminQueue,
  qamQueue,
  surveyorQueue,
  type TPmQueuePractice,
  type TQueueStaffRow,
  type TSurveyorQueueVisitor,
  workQueueKeys,
} from './index.ts';

const today = '2027-03-01';
/** No public holidays in these weeks: business days are the weekdays. */
const NO_HOLIDAYS: ReadonlySet<string> = new Set();

const staff = (over: Partial<TQueueStaffRow> = {}): TQueueStaffRow => ({
  id: 1,
  verified: false,
  active: true,
  title: 'DR',
  first_name: 'Ada',
  last_name: 'Lovelace',
  type: 'gp',
  registration_num: 'MED0001',
  employment_type: 'EMPLOYEE',
  start_date: '2020-01-01',
  employment_status: 'ACTIVE',
  resignation_date: null,
  email: 'ada@example.com',
  vr_status: 'VR',
  hours_per_week: 38,
  cpr_expiry: '2028-01-01',
  qicpd: null,
  qa_cpd_num: null,
  fte_band: null,
  phone: null,
  primary_qualification_document_id: 5,
  cpr_evidence_document_id: 6,
  ...over,
});

const practice = (over: Partial<TPmQueuePractice> = {}): TPmQueuePractice => ({
  organisation_id: 7,
  status: 'IN_PROGRESS',
  organisation: { name: 'Riverbend' },
  practice_users: [{ role: 'PM' }],
  practice_staff: [],
  reapplications: [],
  current_accreditation: { self_assessment_due: null, assessments: [], survey_visits: [] },
  ...over,
});

const flags = { surveyor: false, qam: false, admin: false, isPracticeManager: false };

describe('workQueueKeys', () => {
  it('gives each role its queue, several roles several queues', () => {
    expect(workQueueKeys({ flags: { ...flags, isPracticeManager: true }, practices: [] })).toEqual([
      'practiceManager',
    ]);
    expect(workQueueKeys({ flags: { ...flags, surveyor: true }, practices: [{ roles: ['PM'] }] })).toEqual([
      'surveyor',
      'practiceManager',
    ]);
    expect(workQueueKeys({ flags: { ...flags, qam: true }, practices: [] })).toEqual(['qam']);
    expect(workQueueKeys({ flags: { ...flags, admin: true }, practices: [] })).toEqual([
      'providerAdmin',
      'qam',
    ]);
    // Nobody yet (a new user): the practice queue, which tells them they have no practice.
    expect(workQueueKeys({ flags, practices: [{ roles: ['SU'] }] })).toEqual(['practiceManager']);
  });
});

describe('dueWords', () => {
  it('says days left, today and overdue', () => {
    expect(dueWords('2027-03-11', today)).toBe('Due 11/03/2027 · 10 days left');
    expect(dueWords('2027-03-02', today)).toBe('Due 02/03/2027 · 1 day left');
    expect(dueWords(today, today)).toBe('Due 01/03/2027 · due today');
    expect(dueWords('2027-02-26', today)).toBe('Due 26/02/2027 · 3 days overdue');
  });
});

describe('staff rules', () => {
  it("finds rows the register's rules refuse", () => {
    expect(isStaffRowComplete(staff())).toBe(true);
    expect(isStaffRowComplete(staff({ registration_num: null }))).toBe(false);
    expect(isStaffRowComplete(staff({ type: 'support', registration_num: null, vr_status: null }))).toBe(
      true,
    );
    expect(isStaffRowComplete(staff({ employment_status: 'INACTIVE' }))).toBe(false);
    expect(isStaffRowComplete(staff({ hours_per_week: null }))).toBe(false);
    expect(isStaffRowComplete(staff({ cpr_expiry: null }))).toBe(false);
    expect(isStaffRowComplete(staff({ hours_per_week: '12.50' }))).toBe(true);
    // spec 000 §9: a number is checked against its own country.
    expect(isStaffRowComplete(staff({ phone: '04 472 3000', phone_country_code: 'NZ' }))).toBe(true);
    expect(isStaffRowComplete(staff({ phone: '04 472 3000' }))).toBe(false);
  });
  it('asks CPR evidence of every active member, a qualification of GPs and nurses', () => {
    expect(missingStaffDocuments(staff())).toEqual([]);
    expect(
      missingStaffDocuments(
        staff({ primary_qualification_document_id: null, cpr_evidence_document_id: null }),
      ),
    ).toEqual(['Primary qualification', 'CPR evidence']);
    expect(
      missingStaffDocuments(staff({ type: 'support', primary_qualification_document_id: null })),
    ).toEqual([]);
    expect(missingStaffDocuments(staff({ active: false, cpr_evidence_document_id: null }))).toEqual([]);
    expect(
      missingStaffDocuments(staff({ employment_status: 'INACTIVE', cpr_evidence_document_id: null })),
    ).toEqual([]);
  });
});

describe('practiceManagerQueue', () => {
  it('is empty when nothing is due', () => {
    const queue = practiceManagerQueue([practice({ practice_staff: [staff()] })], today, null);
    expect(queue).toMatchObject({ key: 'practiceManager', title: 'Practice work', count: 0, items: [] });
    expect(EMPTY_QUEUE_TEXT).toBe('Nothing waiting');
  });

  it('spec 001 §4: lists each kind of work with its link, most pressing first (the action plan in business days)', () => {
    const queue = practiceManagerQueue(
      [
        practice({
          practice_staff: [
            staff({ id: 1, registration_num: null }),
            staff({ id: 2, cpr_evidence_document_id: null }),
            staff({
              id: 3,
              type: 'nurse',
              primary_qualification_document_id: null,
              cpr_evidence_document_id: null,
            }),
          ],
          reapplications: [{ status: 'DUE', due_date: '2027-04-30' }],
          current_accreditation: {
            self_assessment_due: '2027-03-20',
            assessments: [
              { id: 31, type: 'PRESURVEY', status: 'IN_PROGRESS', due_date: null, action_plan_due: null },
              {
                id: 32,
                type: 'SURVEY_VISIT',
                status: 'ACTION_REQUIRED',
                due_date: null,
                action_plan_due: '2027-02-27',
              },
              { id: 33, type: 'SURVEY_VISIT', status: 'UNDER_REVIEW', due_date: null, action_plan_due: null },
            ],
            survey_visits: [{ id: 41, date: '2027-05-04', due: '2027-05-01' }],
          },
        }),
      ],
      today,
      null,
      NO_HOLIDAYS,
    );
    expect(queue.count).toBe(6);
    expect(queue.items.map((item) => [item.key, item.what, item.detail, item.when, item.action])).toEqual([
      [
        'action-plan-32',
        'Action plan due',
        '',
        // The action plan in business days (docs/decisions/evidence.md), the rest in calendar days.
        'Due 27/02/2027 · 1 business day overdue',
        { label: 'Open action plan', to: '/PracticeOverview/7/Accreditation/Assessment/32' },
      ],
      [
        'self-assessment-31',
        'Self assessment due',
        '',
        'Due 20/03/2027 · 19 days left',
        { label: 'Open assessment', to: '/PracticeOverview/7/Accreditation/Assessment/31' },
      ],
      [
        'renewal-7',
        'Renewal Due',
        '',
        'Due 30/04/2027 · 60 days left',
        { label: 'Start renewal', to: '/Practice/Reapplication/7' },
      ],
      [
        'confirmation-7',
        'Survey confirmation to send',
        '',
        'Visit on 04/05/2027',
        { label: 'Review visit', to: '/Practice/SurveyConfirmation/7' },
      ],
      [
        'staff-7',
        'Staff to complete',
        '1 staff member',
        '',
        { label: 'Complete staff', to: '/PracticeOverview/7/Staff' },
      ],
      [
        'documents-7',
        'Documents required',
        '3 staff documents',
        '',
        { label: 'Add documents', to: '/PracticeOverview/7/Staff' },
      ],
    ]);
    expect(queue.items[0]?.tone).toBe('red');
  });

  it('issue 32: lists CPR certificates and documents overdue or due within 30 days, dated, with their screens', () => {
    const queue = practiceManagerQueue(
      [
        practice({
          practice_staff: [
            staff({ id: 1, first_name: 'Sophie', last_name: 'Scott', cpr_expiry: '2027-02-20' }),
            staff({ id: 2, first_name: 'Oscar', last_name: 'Walker', cpr_expiry: '2027-03-31' }),
            // Current (the 31st day on), and a member who left: neither is work.
            staff({ id: 3, cpr_expiry: '2027-04-01' }),
            staff({ id: 4, cpr_expiry: '2027-02-01', active: false }),
          ],
          documents: [
            { id: 51, name: 'Infection control policy.docx', review_date: '2027-03-01' },
            { id: 52, name: 'Privacy policy.pdf', review_date: '2027-05-01' },
          ],
        }),
      ],
      today,
      null,
    );
    expect(queue.items.map((i) => [i.key, i.what, i.detail, i.when, i.daysLeft, i.tone, i.action])).toEqual([
      [
        'cpr-1',
        'CPR certificate to renew',
        'Sophie Scott',
        'Overdue since 20/02/2027',
        -9,
        'red',
        { label: 'Open staff', to: '/PracticeOverview/7/Staff' },
      ],
      [
        'document-review-51',
        'Document to review',
        'Infection control policy.docx',
        'Due soon: 01/03/2027',
        0,
        'orange',
        { label: 'Open documents', to: '/PracticeOverview/7/Documents' },
      ],
      [
        'cpr-2',
        'CPR certificate to renew',
        'Oscar Walker',
        'Due soon: 31/03/2027',
        30,
        'orange',
        { label: 'Open staff', to: '/PracticeOverview/7/Staff' },
      ],
    ]);
    expect(practiceManagerQueueVariables(9, today)).toEqual({
      where: practiceManagerQueueWhere(9),
      userId: 9,
      reviewBy: '2027-03-31',
    });
  });

  it('says the due month of a visit to confirm without a date, and orders undated work by kind', () => {
    const queue = practiceManagerQueue(
      [
        practice({
          organisation: { name: 'Acacia' },
          practice_staff: [staff({ cpr_evidence_document_id: null })],
          current_accreditation: {
            self_assessment_due: null,
            assessments: [],
            survey_visits: [{ id: 1, date: null, due: '2027-06-30' }],
          },
        }),
        practice({ organisation_id: 8, organisation: { name: 'Zebra' }, status: 'PAYMENT_PENDING' }),
      ],
      today,
      null,
    );
    expect(queue.items.map((i) => [i.what, i.practiceName, i.when])).toEqual([
      ['Application payment due', 'Zebra', ''],
      ['Survey confirmation to send', 'Acacia', 'Visit due June 2027'],
      ['Documents required', 'Acacia', ''],
    ]);
  });

  it('asks for payments of those who may pay', () => {
    const pending = practice({ status: 'PAYMENT_PENDING', reapplications: [] });
    expect(practiceManagerQueue([pending], today, null).items.map((i) => [i.key, i.action])).toEqual([
      ['application-7', { label: 'Pay now', payment: true }],
    ]);
    // A surveyor on the practice (SU) may not pay it.
    expect(practiceManagerQueue([{ ...pending, practice_users: [{ role: 'SU' }] }], today, null).count).toBe(
      0,
    );
    const renewalPayment = practice({ reapplications: [{ status: 'PAYMENT_PENDING', due_date: null }] });
    expect(practiceManagerQueue([renewalPayment], today, null).items.map((i) => [i.what, i.action])).toEqual([
      ['Renewal Payment Due', { label: 'Pay now', payment: true }],
    ]);
  });
});

const visitor = (over: Partial<TSurveyorQueueVisitor> = {}, visit: object = {}): TSurveyorQueueVisitor => ({
  id: 90,
  status: 'ACCEPTED',
  practice_name: 'Bayview',
  survey_visit: {
    id: 50,
    status: 'PLANNING',
    type: 'ACCREDITATION',
    due: '2027-05-01',
    date: null,
    archived: false,
    accreditation: { practice_id: 8 },
    preferred_days: [],
    assessments: [],
    ...visit,
  },
  ...over,
});

const surveyAssessment = (over: object = {}) => ({
  id: 60,
  type: 'SURVEY_VISIT',
  status: 'IN_PROGRESS',
  confidentiality_signs: [],
  assessment_submissions: [],
  general_comments: [],
  ...over,
});

describe('surveyorQueue', () => {
  it('asks an offered surveyor to answer, and for preferred days until they give some', () => {
    const offered = visitor({ status: 'OFFERED' }, { status: 'PREFERRED_DAYS_REQ' });
    expect(surveyorQueue([offered], today).items.map((i) => [i.key, i.what, i.when, i.action])).toEqual([
      [
        'offer-90',
        'Offer to answer',
        'Visit due May 2027',
        { label: 'Answer offer', to: '/SurveyVisits/Offers' },
      ],
      [
        'preferred-days-50',
        'Preferred days due',
        'Due May 2027',
        { label: 'Set Availability', to: '/SurveyVisits/50/PreferredDays' },
      ],
    ]);
    const answered = visitor({}, { status: 'PREFERRED_DAYS_REQ', preferred_days: [{ id: 1 }] });
    expect(surveyorQueue([answered], today).count).toBe(0);
    // The due date passed: the days can no longer be given (preferredDaysLock).
    expect(
      surveyorQueue([visitor({}, { status: 'PREFERRED_DAYS_REQ', due: '2027-02-01' })], today).count,
    ).toBe(0);
    expect(surveyorQueue([visitor({}, { archived: true, status: 'PREFERRED_DAYS_REQ' })], today).count).toBe(
      0,
    );
  });

  it('lists upcoming final visits, not past ones', () => {
    const upcoming = visitor({}, { status: 'FINAL', date: '2027-03-04' });
    expect(surveyorQueue([upcoming], today).items.map((i) => [i.what, i.when, i.daysLeft, i.action])).toEqual(
      [
        [
          'Upcoming visit',
          'On 04/03/2027',
          3,
          { label: 'Open accreditation', to: '/PracticeOverview/8/Accreditation' },
        ],
      ],
    );
    expect(surveyorQueue([visitor({}, { status: 'FINAL', date: '2027-02-04' })], today).count).toBe(0);
  });

  it("offers an upcoming visit's assessment for offline use once its agreement is signed", () => {
    const upcoming = (assessments: object[], over: object = {}) =>
      surveyorQueue(
        [visitor({}, { status: 'FINAL', date: '2027-03-04', assessments, ...over })],
        today,
      ).items.find((item) => item.what === 'Upcoming visit');
    const signed = surveyAssessment({ confidentiality_signs: [{ id: 1 }] });
    expect(upcoming([signed])?.offlineAssessmentId).toBe(60);
    // Not yet signed: nothing it may read; a self assessment, or no assessment: nothing to keep.
    expect(upcoming([surveyAssessment()])).not.toHaveProperty('offlineAssessmentId');
    expect(upcoming([surveyAssessment({ type: 'PRESURVEY', id: 61 })])).not.toHaveProperty(
      'offlineAssessmentId',
    );
    expect(upcoming([])).not.toHaveProperty('offlineAssessmentId');
    // Submitted: the agreement is no longer asked for, the findings stay readable.
    expect(upcoming([surveyAssessment({ status: 'PARTIALLY_SUBMITTED' })])?.offlineAssessmentId).toBe(60);
    // Without the practice (no role on it), no assessment route to keep.
    expect(upcoming([signed], { accreditation: null })).not.toHaveProperty('offlineAssessmentId');
  });

  it('asks for the agreement first, then the ratings and the summary', () => {
    const path = '/PracticeOverview/8/Accreditation/Assessment/60';
    const unsigned = visitor({}, { status: 'FINAL', date: '2027-02-01', assessments: [surveyAssessment()] });
    expect(surveyorQueue([unsigned], today).items.map((i) => [i.key, i.action])).toEqual([
      ['agreement-60', { label: 'Sign agreement', to: path }],
    ]);
    const signed = visitor(
      {},
      {
        status: 'FINAL',
        date: '2027-02-01',
        assessments: [surveyAssessment({ confidentiality_signs: [{ id: 1 }] })],
      },
    );
    expect(surveyorQueue([signed], today).items.map((i) => [i.what, i.action])).toEqual([
      ['Assessment to rate and submit', { label: 'Open assessment', to: path }],
      ['Summary missing', { label: 'Write summary', to: path }],
    ]);
    const done = visitor(
      {},
      {
        status: 'FINAL',
        date: '2027-02-01',
        assessments: [
          surveyAssessment({
            status: 'PARTIALLY_SUBMITTED',
            assessment_submissions: [{ id: 1 }],
            general_comments: [{ id: 2 }],
          }),
        ],
      },
    );
    expect(surveyorQueue([done], today).count).toBe(0);
    // A visitor who has not accepted has no assessment work; a self assessment is not theirs.
    expect(
      surveyorQueue(
        [visitor({ status: 'OFFERED' }, { status: 'FINAL', assessments: [surveyAssessment()] })],
        today,
      ).count,
    ).toBe(0);
    expect(
      surveyorQueue([visitor({}, { assessments: [surveyAssessment({ type: 'PRESURVEY' })] })], today).count,
    ).toBe(0);
  });
});

const row = (id: number, over: object = {}) => ({
  id,
  type: 'SURVEY_VISIT',
  status: 'UNDER_REVIEW',
  due_date: null,
  action_plan_due: null,
  accreditation: { practice_id: 3, practice: { organisation: { name: 'Hinterland' } } },
  ...over,
});

describe('back-office queues', () => {
  it('filters a QAM to their own and unassigned accreditations, an admin to all', () => {
    const qam = backOfficeQueueWhere(4, 'qam', today);
    expect(qam.reviews.accreditation).toEqual({
      archived: { _eq: false },
      _or: [{ qam_id: { _eq: 4 } }, { qam_id: { _is_null: true } }],
    });
    expect(qam.overdue).toMatchObject({
      status: { _eq: 'ACTION_REQUIRED' },
      // Overdue or due within two weeks: near its limit (issue 32).
      action_plan_due: { _lte: '2027-03-15' },
    });
    expect(qam.toPlan.status).toEqual({ _in: ['DRAFT', 'PLANNING', 'PREFERRED_DAYS_REQ'] });
    expect(backOfficeQueueWhere(4, 'provider_admin', today).toCertify).toEqual({
      type: { _eq: 'SURVEY_VISIT' },
      status: { _eq: 'APPROVED' },
      accreditation: { archived: { _eq: false } },
    });
  });

  it('spec 001 §4: lists reviews, overdue plans (in business days) and visits to plan, counting every one', () => {
    const queue = qamQueue(
      {
        reviews: [row(1, { type: 'PRESURVEY' }), row(2)],
        reviewsCount: 2,
        overdue: [
          row(3, { status: 'ACTION_REQUIRED', action_plan_due: '2027-02-20' }),
          row(4, { status: 'ACTION_REQUIRED', action_plan_due: '2027-03-05' }),
        ],
        overdueCount: 2,
        toPlan: [
          {
            id: 9,
            status: 'PREFERRED_DAYS_REQ',
            type: 'ACCREDITATION',
            due: '2027-03-15',
            accreditation: row(0).accreditation,
          },
        ],
        toPlanCount: 40,
      },
      today,
      NO_HOLIDAYS,
    );
    expect(queue.count).toBe(44);
    expect(queue.items.map((i) => [i.key, i.what, i.when, i.action.label])).toEqual([
      ['overdue-3', 'Action plan overdue', 'Due 20/02/2027 · 6 business days overdue', 'Open action plan'],
      [
        'overdue-4',
        'Action plan near its limit',
        'Due 05/03/2027 · 4 business days left',
        'Open action plan',
      ],
      ['plan-9', 'Visit to plan', 'Due March 2027', 'Plan visit'],
      ['review-1', 'Self assessment to review', '', 'Review assessment'],
      ['review-2', 'Survey to review', '', 'Review assessment'],
    ]);
    expect(queue.items[3]?.action).toEqual({
      label: 'Review assessment',
      to: '/PracticeOverview/3/Accreditation/Assessment/1',
    });
  });

  it('lists approved surveys to certify', () => {
    const queue = providerAdminQueue(
      { toCertify: [row(5, { status: 'APPROVED' })], toCertifyCount: 1 },
      today,
      NO_HOLIDAYS,
    );
    expect(queue).toMatchObject({ key: 'providerAdmin', title: 'Certification', count: 1 });
    expect(queue.items[0]).toMatchObject({
      what: 'Survey to certify',
      practiceName: 'Hinterland',
      when: '',
      daysLeft: null,
      action: { label: 'Issue certificate', to: '/PracticeOverview/3/Accreditation/Assessment/5' },
    });
  });

  it('issue 32: puts each survey to certify on the 20-business-day clock from its approval, most pressing first', () => {
    // Approved on Monday 1 February 2027 (Sydney) and on 22 February: due 1 March and 22 March.
    const approved = (id: number, at: string) =>
      row(id, { status: 'APPROVED', status_changes: [{ changed_at: at }] });
    const rows = {
      toCertify: [approved(6, '2027-02-21T23:30:00Z'), approved(5, '2027-01-31T22:00:00Z')],
      toCertifyCount: 2,
    };
    const queue = providerAdminQueue(rows, '2027-03-02', NO_HOLIDAYS);
    expect(queue.items.map((i) => [i.key, i.when, i.daysLeft, i.tone])).toEqual([
      ['certify-5', 'Certificate due 01/03/2027 · 1 business day overdue', -1, 'red'],
      ['certify-6', 'Certificate due 22/03/2027 · 14 business days left', 20, 'green'],
    ]);
    // A holiday moves the due day on; without the holidays yet, no clock.
    const withHoliday = providerAdminQueue(rows, '2027-03-02', new Set(['2027-02-10']));
    expect(withHoliday.items[0]?.when).toBe('Certificate due 02/03/2027 · 0 business days left');
    expect(providerAdminQueue(rows, '2027-03-02').items.map((i) => i.when)).toEqual(['', '']);
  });
});
