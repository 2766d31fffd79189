import { practiceListCells, statusBadge } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { type TPracticeListItem, toPracticeRow } from './practice-row.ts';

const practice = (overrides: Partial<TPracticeListItem> = {}): TPracticeListItem => ({
  organisation_id: 7,
  status: 'IN_PROGRESS',
  organisation: {
    id: 7,
    name: 'Derwent Valley Medical',
    physical_address: { id: 70, suburb: 'New Norfolk', state: 'TAS' },
  },
  network: { id: 3, name: 'Sunrise Medical Group' },
  practice_users: [{ id: 1, role: 'PM' }],
  reapplications: [],
  current_accreditation: {
    id: 12,
    status: 'OPEN',
    expiry_date: '2026-04-30',
    ext_date: null,
    self_assessment_due: '2025-08-01',
    survey_visit_due: '2025-10-14',
    qam: { id: 5, first_name: 'Helen', last_name: 'Murray' },
    assessments: [],
    booked_visits: [{ id: 4, date: '2025-10-20', status: 'FINAL' }],
    preferred_days_visits: [],
  },
  ...overrides,
});
const viewer = { signedIn: true, isAdmin: false, backOfficeRole: null };

describe('toPracticeRow', () => {
  it('shows exactly the cells the CSV writes, in the spec formats', () => {
    const row = toPracticeRow(practice(), viewer);
    expect(row).toMatchObject({
      id: 7,
      name: 'Derwent Valley Medical',
      suburb: 'New Norfolk',
      state: 'TAS',
      expiry: '30/04/2026',
      extendedFrom: null,
      qam: 'Helen Murray',
      network: 'Sunrise Medical Group',
      cycleStatus: 'IN_PROGRESS',
      selfAssessmentDue: '01/08/2025',
      surveyVisitScheduled: 'Oct 2025',
      surveyVisitBooked: '20/10/2025',
      dueButton: null,
      locked: false,
    });
    const cells = practiceListCells(practice());
    expect([row.name, row.suburb, row.state, row.expiry, row.qam, row.network]).toEqual(cells.slice(0, 6));
    expect(statusBadge(row.cycleStatus).label).toBe(cells[6]);
    expect([row.selfAssessmentDue, row.surveyVisitScheduled, row.surveyVisitBooked]).toEqual(cells.slice(7));
  });

  it('shows the extension as the expiry, with the original as a hint', () => {
    const cycle = practice().current_accreditation!;
    const row = toPracticeRow(
      practice({ current_accreditation: { ...cycle, ext_date: '2026-07-01' } }),
      viewer,
    );
    expect(row.expiry).toBe('01/07/2026');
    expect(row.extendedFrom).toBe('30/04/2026');
  });

  it('copes with a practice without a cycle, address or network', () => {
    const row = toPracticeRow(
      practice({
        current_accreditation: null,
        network: null,
        organisation: { id: 7, name: 'X', physical_address: null },
      }),
      viewer,
    );
    expect(row).toMatchObject({
      expiry: '',
      qam: '',
      network: '',
      suburb: '',
      state: '',
      surveyVisitBooked: '',
    });
  });

  it('offers the due buttons of open renewals and preferred-days visits', () => {
    expect(
      toPracticeRow(practice({ reapplications: [{ id: 1, status: 'DUE' }] }), viewer).dueButton,
    ).toMatchObject({
      label: 'Renewal Due',
      path: '/Practice/Reapplication/7',
    });
    expect(
      toPracticeRow(practice({ reapplications: [{ id: 1, status: 'PAYMENT_PENDING' }] }), viewer).dueButton
        ?.label,
    ).toBe('Renewal Payment Due');
    const cycle = practice().current_accreditation!;
    expect(
      toPracticeRow(
        practice({
          current_accreditation: { ...cycle, preferred_days_visits: [{ id: 2, due: '2030-01-01' }] },
        }),
        viewer,
      ).dueButton,
    ).toMatchObject({ label: 'Set Availability', path: '/SurveyVisits/2/PreferredDays' });
  });

  it('offers renewal buttons only to whom can act: the practice manager, a QAM or an admin', () => {
    const renewal = (
      roles: TPracticeListItem['practice_users'][number]['role'][],
      backOfficeRole: 'qam' | 'provider_admin' | null,
      status: TPracticeListItem['reapplications'][number]['status'],
    ) =>
      toPracticeRow(
        practice({
          reapplications: [{ id: 1, status }],
          practice_users: roles.map((role, i) => ({ id: i + 1, role })),
        }),
        { ...viewer, backOfficeRole },
      ).dueButton?.label ?? null;
    for (const [status, label] of [
      ['DUE', 'Renewal Due'],
      ['PAYMENT_PENDING', 'Renewal Payment Due'],
    ] as const) {
      expect(renewal(['SU'], null, status)).toBeNull();
      expect(renewal([], null, status)).toBeNull();
      expect(renewal(['PM'], null, status)).toBe(label);
      expect(renewal([], 'qam', status)).toBe(label);
      expect(renewal(['SU'], 'provider_admin', status)).toBe(label);
    }
  });

  it('locks a payment-pending practice for a surveyor who is not its manager nor an admin', () => {
    const su = practice({ status: 'PAYMENT_PENDING', practice_users: [{ id: 1, role: 'SU' }] });
    expect(toPracticeRow(su, viewer).locked).toBe(true);
    expect(
      toPracticeRow(su, { signedIn: true, isAdmin: true, backOfficeRole: 'provider_admin' }).locked,
    ).toBe(false);
    expect(
      toPracticeRow(
        practice({
          status: 'PAYMENT_PENDING',
          practice_users: [
            { id: 1, role: 'SU' },
            { id: 2, role: 'PM' },
          ],
        }),
        viewer,
      ).locked,
    ).toBe(false);
    expect(toPracticeRow(practice({ practice_users: [{ id: 1, role: 'SU' }] }), viewer).locked).toBe(false);
    expect(toPracticeRow(practice(), { ...viewer, signedIn: false }).locked).toBe(true);
  });
});
