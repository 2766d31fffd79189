import { describe, expect, it } from 'vitest';
import { RECORD_DATE_RANGE } from '../constants/dates.ts';
import { derivePermissionFlags, type TPracticeAccess } from '../permissions/permission-flags.ts';
import { CONTROL_CHARACTER_MESSAGE } from '../validation/control-characters.ts';
import {
  ACTION_PLAN_BUSINESS_DAYS,
  actionPlanDaysLeft,
  actionRequiredProblems,
  canEnterActionPlan,
  canReferToCa,
  formatActionPlanDue,
  hasActionPlan,
  nonConformityProgress,
  ZActionPlanActivitySchema,
} from './action-plan.ts';
import { ACTION_PLAN_MESSAGES } from './assessment-messages.ts';
import { canMove, SURVEY_ACTION_REQUIRED } from './assessment-transitions.ts';
import { BLANK_RESPONSE, type TIndicatorResponseFields } from './indicator-response.ts';
import { surveyResults } from './survey-results.ts';

const r = (fields: Partial<TIndicatorResponseFields> = {}): TIndicatorResponseFields => ({
  ...BLANK_RESPONSE,
  ...fields,
});

describe("'Action required' (spec 001 §4, §5)", () => {
  it('is allowed when every Not met indicator has an action plan entered', () => {
    expect(
      actionRequiredProblems([
        { indicatorId: 1, code: 'C1.1', compliance: 'MET', action_plan: null },
        { indicatorId: 2, code: 'C1.2', compliance: 'NOT_MET', action_plan: 'Log the fridge twice a day.' },
        { indicatorId: 3, code: 'C1.3', compliance: 'NOT_APPLICABLE', action_plan: '' },
        { indicatorId: 4, code: 'C1.4', compliance: null, action_plan: null },
      ]),
    ).toEqual([]);
  });

  it('lists the Not met indicators without a plan, blank or white space counting as none', () => {
    expect(
      actionRequiredProblems([
        { indicatorId: 1, code: 'C1.1', compliance: 'NOT_MET', action_plan: null },
        { indicatorId: 2, code: 'C1.2', compliance: 'NOT_MET', action_plan: 'Do it.' },
        { indicatorId: 3, code: 'C2.1', compliance: 'NOT_MET', action_plan: ' \n\t ' },
      ]),
    ).toEqual([
      { indicatorId: 1, code: 'C1.1' },
      { indicatorId: 3, code: 'C2.1' },
    ]);
    expect(hasActionPlan({ action_plan: '' })).toBe(false);
    expect(ACTION_PLAN_MESSAGES.missingPlans(['C1.1', 'C2.1'])).toContain('Missing: C1.1, C2.1.');
  });

  it('moves a survey visit from UNDER_REVIEW to ACTION_REQUIRED only', () => {
    expect(SURVEY_ACTION_REQUIRED.to).toBe('ACTION_REQUIRED');
    expect(canMove(SURVEY_ACTION_REQUIRED, 'SURVEY_VISIT', 'UNDER_REVIEW')).toBe(true);
    for (const status of [
      'IN_PROGRESS',
      'PARTIALLY_SUBMITTED',
      'ACTION_REQUIRED',
      'APPROVED',
      'CERTIFIED',
    ] as const)
      expect([status, canMove(SURVEY_ACTION_REQUIRED, 'SURVEY_VISIT', status)]).toEqual([status, false]);
    expect(canMove(SURVEY_ACTION_REQUIRED, 'PRESURVEY', 'UNDER_REVIEW')).toBe(false);
    expect(ACTION_PLAN_BUSINESS_DAYS).toBe(65);
  });
});

describe('the due date and its days left (calendar days)', () => {
  it('counts calendar days, negative once passed, across months and a leap day', () => {
    expect(actionPlanDaysLeft('2027-03-12', '2027-01-30')).toBe(41);
    expect(actionPlanDaysLeft('2028-03-01', '2028-02-28')).toBe(2);
    expect(actionPlanDaysLeft('2027-03-12', '2027-03-12')).toBe(0);
    expect(actionPlanDaysLeft('2027-03-12', '2027-03-15')).toBe(-3);
  });

  it('spec 001 §4: reads as the screen shows it, in business days (docs/decisions/evidence.md)', () => {
    // Friday 12 March 2027; Good Friday 26 March 2027 is a holiday.
    const holidays = new Set(['2027-03-26']);
    expect(formatActionPlanDue('2027-03-12', '2027-03-05', holidays)).toBe(
      'Due 12/03/2027 · 5 business days left',
    );
    expect(formatActionPlanDue('2027-03-12', '2027-03-11', holidays)).toBe(
      'Due 12/03/2027 · 1 business day left',
    );
    expect(formatActionPlanDue('2027-03-12', '2027-03-12', holidays)).toBe(
      'Due 12/03/2027 · 0 business days left',
    );
    expect(formatActionPlanDue('2027-03-12', '2027-03-16', holidays)).toBe(
      'Due 12/03/2027 · 2 business days overdue',
    );
    expect(formatActionPlanDue('2027-03-29', '2027-03-24', holidays)).toBe(
      'Due 29/03/2027 · 2 business days left',
    );
    // Until the holidays are known, the date alone.
    expect(formatActionPlanDue('2027-03-12', '2027-03-05', undefined)).toBe('Due 12/03/2027');
  });
});

describe('the activity form', () => {
  it('needs a description; responsible and due date are optional; blanks become null', () => {
    expect(
      ZActionPlanActivitySchema.parse({ description: '  Train staff ', responsible: ' ', dueDate: '' }),
    ).toEqual({ description: 'Train staff', responsible: null, dueDate: null });
    expect(
      ZActionPlanActivitySchema.parse({ description: 'Train', responsible: 'Dr Lee', dueDate: '2027-02-01' }),
    ).toEqual({ description: 'Train', responsible: 'Dr Lee', dueDate: '2027-02-01' });
    const blank = ZActionPlanActivitySchema.safeParse({ description: '   ' });
    expect(blank.success ? null : blank.error.issues[0]?.message).toBe(
      ACTION_PLAN_MESSAGES.descriptionRequired,
    );
    const date = ZActionPlanActivitySchema.safeParse({ description: 'x', dueDate: '2027-02-30' });
    expect(date.success ? null : date.error.issues[0]?.message).toBe(ACTION_PLAN_MESSAGES.dueDateInvalid);
    expect(ZActionPlanActivitySchema.safeParse({ description: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('refuses control characters (a line break only in the description) and due dates outside the century', () => {
    const message = (input: Record<string, unknown>) => {
      const parsed = ZActionPlanActivitySchema.safeParse(input);
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(message({ description: 'Train\nstaff\tthen log' })).toBeNull();
    expect(message({ description: 'Train\u0000staff' })).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(message({ description: 'Train \u001b[2Jstaff' })).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(message({ description: 'x', responsible: 'Dr\nLee' })).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(message({ description: 'x', responsible: 'Dr\u0085Lee' })).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(message({ description: 'x', responsible: 'y'.repeat(201) })).toBe(
      ACTION_PLAN_MESSAGES.responsibleTooLong,
    );
    expect(ACTION_PLAN_MESSAGES.dueDateOutOfRange).toBe('Enter a date from 01/01/2000 to 31/12/2099.');
    for (const dueDate of ['1999-12-31', '2100-01-01', '0001-01-01', '9999-12-31'])
      expect(message({ description: 'x', dueDate }), dueDate).toBe(ACTION_PLAN_MESSAGES.dueDateOutOfRange);
    for (const dueDate of [RECORD_DATE_RANGE.from, RECORD_DATE_RANGE.to, '2027-02-28'])
      expect(message({ description: 'x', dueDate }), dueDate).toBeNull();
  });
});

describe('the progress bar of non-conformities closed (spec 001 §9)', () => {
  const ncs = (closed: number, open: number) => [
    ...Array.from({ length: closed }, () => r({ compliance: 'NOT_MET', non_conformity_status: 'CLOSED' })),
    ...Array.from({ length: open }, () => r({ compliance: 'NOT_MET' })),
    r({ compliance: 'MET', non_conformity_status: 'CLOSED' }),
  ];
  const approved = { status: 'APPROVED' as const, actionPlanDue: '2027-03-12', today: '2027-04-01' };

  it('is red up to 50 %, yellow above 50 and below 70, green from 70', () => {
    expect(nonConformityProgress(ncs(1, 1), approved)).toMatchObject({
      total: 2,
      closed: 1,
      percent: 50,
      colour: 'red',
    });
    expect(nonConformityProgress(ncs(3, 2), approved)).toMatchObject({ percent: 60, colour: 'yellow' });
    expect(nonConformityProgress(ncs(7, 3), approved)).toMatchObject({ percent: 70, colour: 'green' });
    expect(nonConformityProgress([], approved)).toMatchObject({ total: 0, percent: 100, colour: 'green' });
  });

  it('is blue while action is required and the plan is not yet due; its verdict once overdue', () => {
    const working = { status: 'ACTION_REQUIRED' as const, actionPlanDue: '2027-03-12', today: '2027-03-12' };
    expect(nonConformityProgress(ncs(0, 2), working).colour).toBe('blue');
    expect(nonConformityProgress(ncs(0, 2), { ...working, today: '2027-03-13' }).colour).toBe('red');
  });

  it('counts referrals apart', () => {
    expect(
      nonConformityProgress(
        [r({ compliance: 'NOT_MET', refer_to_ca: true }), r({ compliance: 'NOT_MET' })],
        approved,
      ),
    ).toMatchObject({ total: 2, closed: 0, referred: 1 });
  });
});

describe('survey results (summary panel)', () => {
  it('counts met, not met, improvements and the risk ratings of Not met, as assessment_counts does', () => {
    expect(
      surveyResults([
        r({ compliance: 'MET', observation: 'Consider a checklist.' }),
        r({ compliance: 'NOT_MET', risk_rating: 'CRITICAL' }),
        r({ compliance: 'NOT_MET', risk_rating: 'HIGH', observation: '  ' }),
        r({ compliance: 'NOT_MET' }),
        r({ compliance: 'NOT_APPLICABLE', risk_rating: 'LOW', observation: 'x' }),
      ]),
    ).toEqual({ met: 1, notMet: 3, improvements: 2, risks: { CRITICAL: 1, HIGH: 1, MODERATE: 0, LOW: 0 } });
  });
});

describe('who enters action plans and refers to the CA', () => {
  const context = (
    access: Partial<TPracticeAccess>,
    status: 'IN_PROGRESS' | 'UNDER_REVIEW' | 'ACTION_REQUIRED',
  ) => ({
    type: 'SURVEY_VISIT' as const,
    status,
    hasSubmitted: false,
    flags: derivePermissionFlags(
      { practiceRoles: [], backOfficeRole: null, visitorOnSurveyVisitIds: [7], ...access },
      { surveyVisitId: 7 },
    ),
  });
  const qam = { backOfficeRole: 'qam' as const };
  const surveyor = { practiceRoles: ['SU' as const] };
  const pm = { practiceRoles: ['PM' as const] };

  it('the back office enters plans under review only; nobody else', () => {
    expect(canEnterActionPlan(context(qam, 'UNDER_REVIEW'))).toBe(true);
    expect(canEnterActionPlan(context({ backOfficeRole: 'provider_admin' }, 'UNDER_REVIEW'))).toBe(true);
    expect(canEnterActionPlan(context(qam, 'ACTION_REQUIRED'))).toBe(false);
    expect(canEnterActionPlan(context(surveyor, 'UNDER_REVIEW'))).toBe(false);
    expect(canEnterActionPlan(context(pm, 'UNDER_REVIEW'))).toBe(false);
    expect(canEnterActionPlan({ ...context(qam, 'UNDER_REVIEW'), type: 'PRESURVEY' })).toBe(false);
  });

  it('the action plan holders refer to the CA while action is required; the back office under review too', () => {
    expect(canReferToCa(context(qam, 'ACTION_REQUIRED'))).toBe(true);
    expect(canReferToCa(context(surveyor, 'ACTION_REQUIRED'))).toBe(true);
    expect(canReferToCa(context(pm, 'ACTION_REQUIRED'))).toBe(false);
    expect(canReferToCa(context(qam, 'UNDER_REVIEW'))).toBe(true);
    expect(canReferToCa(context(surveyor, 'UNDER_REVIEW'))).toBe(false);
    expect(canReferToCa(context(surveyor, 'IN_PROGRESS'))).toBe(false);
  });
});
