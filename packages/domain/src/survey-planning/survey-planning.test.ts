import { describe, expect, it } from 'vitest';
import { VISIT_TYPE_LABELS } from '../assessments/assessment-labels.ts';
import { creatableVisitTypes, isOpenVisit, newVisitTypeProblem } from './cycle-visits.ts';
import {
  canTakePlanningStep,
  dueDayOfMonth,
  isSurveyScheduledTooLate,
  labelOf,
  latestSurveyDay,
  subtractMonthsFromWireDate,
  teamNeedsGpSurveyor,
  VISIT_STATUS_LABELS,
  ZCreateSurveyVisitSchema,
  ZFinaliseSurveyVisitSchema,
  ZOfferSurveyVisitSchema,
} from './index.ts';

describe('the five-month rule', () => {
  it('counts back five calendar months, clamping to the end of a shorter month', () => {
    expect(subtractMonthsFromWireDate('2027-06-15', 5)).toBe('2027-01-15');
    expect(subtractMonthsFromWireDate('2027-03-10', 5)).toBe('2026-10-10');
    expect(subtractMonthsFromWireDate('2027-07-31', 5)).toBe('2027-02-28');
    expect(subtractMonthsFromWireDate('2028-07-31', 5)).toBe('2028-02-29');
    expect(latestSurveyDay('2027-12-31')).toBe('2027-07-31');
  });

  it('flags a survey scheduled later than five months before the expiry, not one on or before', () => {
    expect(isSurveyScheduledTooLate({ scheduled: '2027-01-15', expiry: '2027-06-15' })).toBe(false);
    expect(isSurveyScheduledTooLate({ scheduled: '2027-01-14', expiry: '2027-06-15' })).toBe(false);
    expect(isSurveyScheduledTooLate({ scheduled: '2027-01-16', expiry: '2027-06-15' })).toBe(true);
    expect(isSurveyScheduledTooLate({ scheduled: '2027-07-01', expiry: '2027-06-15' })).toBe(true);
  });

  it('flags an unscheduled survey of a cycle that expires, never one without an expiry', () => {
    expect(isSurveyScheduledTooLate({ scheduled: null, expiry: '2027-06-15' })).toBe(true);
    expect(isSurveyScheduledTooLate({ scheduled: '2030-01-01', expiry: null })).toBe(false);
    expect(isSurveyScheduledTooLate({ scheduled: null, expiry: undefined })).toBe(false);
  });

  it('turns a due month into its last day', () => {
    expect(dueDayOfMonth('2027-02')).toBe('2027-02-28');
    expect(dueDayOfMonth('2028-02')).toBe('2028-02-29');
  });
});

describe('the planning steps', () => {
  it('lets nothing but sending the confirmation happen to a final visit', () => {
    for (const step of ['offer', 'requestPreferredDays', 'finalise'] as const) {
      expect(canTakePlanningStep(step, 'FINAL')).toBe(false);
      expect(canTakePlanningStep(step, 'PLANNING')).toBe(true);
      expect(canTakePlanningStep(step, 'PREFERRED_DAYS_REQ')).toBe(true);
    }
    expect(canTakePlanningStep('sendConfirmation', 'FINAL')).toBe(true);
    expect(canTakePlanningStep('sendConfirmation', 'PLANNING')).toBe(false);
    expect(canTakePlanningStep('offer', null)).toBe(false);
  });

  it('labels statuses and types readably (ACCREDITATION as Survey)', () => {
    expect(labelOf(VISIT_STATUS_LABELS, 'PREFERRED_DAYS_REQ')).toBe('Preferred days requested');
    expect(labelOf(VISIT_TYPE_LABELS, 'ACCREDITATION')).toBe('Survey');
    expect(labelOf(VISIT_TYPE_LABELS, 'OTHER')).toBe('OTHER');
    expect(labelOf(VISIT_TYPE_LABELS, null)).toBe('');
  });
});

describe('the forms', () => {
  it('accepts a visit to create and refuses a bad month, type or reason', () => {
    const good = { accreditationId: 1, type: 'GAP', reason: 'GAP_ASSESSMENT', dueMonth: '2027-03' };
    expect(ZCreateSurveyVisitSchema.safeParse(good).success).toBe(true);
    expect(ZCreateSurveyVisitSchema.safeParse({ ...good, dueMonth: '2027-13' }).success).toBe(false);
    expect(ZCreateSurveyVisitSchema.safeParse({ ...good, type: 'PARTY' }).success).toBe(false);
    expect(ZCreateSurveyVisitSchema.safeParse({ ...good, reason: 'x\u0000' }).success).toBe(false);
  });

  it('needs one to twenty surveyors in an offer', () => {
    expect(ZOfferSurveyVisitSchema.safeParse({ visitId: 1, surveyorIds: [] }).success).toBe(false);
    expect(ZOfferSurveyVisitSchema.safeParse({ visitId: 1, surveyorIds: [2, 3] }).success).toBe(true);
    const many = Array.from({ length: 21 }, (_, i) => i + 1);
    expect(ZOfferSurveyVisitSchema.safeParse({ visitId: 1, surveyorIds: many }).success).toBe(false);
  });

  it('needs a real date and an end time after the start', () => {
    const good = { visitId: 1, date: '2027-03-04', startTime: '09:00', endTime: '17:00' };
    expect(ZFinaliseSurveyVisitSchema.safeParse(good).success).toBe(true);
    expect(ZFinaliseSurveyVisitSchema.safeParse({ ...good, date: '2027-02-30' }).success).toBe(false);
    expect(ZFinaliseSurveyVisitSchema.safeParse({ ...good, endTime: '08:00' }).success).toBe(false);
    expect(ZFinaliseSurveyVisitSchema.safeParse({ ...good, startTime: '25:00' }).success).toBe(false);
  });
});

describe('peer review', () => {
  it('warns while a survey team has no GP who did not decline; other visit types never', () => {
    const gp = { visitorStatus: 'OFFERED', isGp: true };
    const other = { visitorStatus: 'ACCEPTED', isGp: false };
    expect(teamNeedsGpSurveyor('ACCREDITATION', [other])).toBe(true);
    expect(teamNeedsGpSurveyor('ACCREDITATION', [])).toBe(true);
    expect(teamNeedsGpSurveyor('ACCREDITATION', [other, gp])).toBe(false);
    expect(teamNeedsGpSurveyor('ACCREDITATION', [other, { ...gp, visitorStatus: 'DECLINED' }])).toBe(true);
    expect(teamNeedsGpSurveyor('ACCREDITATION', [other, { ...gp, visitorStatus: null }])).toBe(true);
    expect(teamNeedsGpSurveyor('GAP', [other])).toBe(false);
  });
});

describe('a cycle’s visits (spec 000 §3, 001 §1)', () => {
  it('spec 001 §1: every visit type may be added to a cycle, at most one open visit of a type', () => {
    expect(creatableVisitTypes([])).toEqual(['ACCREDITATION', 'SURVEILLANCE', 'RELOCATION', 'GAP']);
    expect(creatableVisitTypes(['ACCREDITATION'])).toEqual(['SURVEILLANCE', 'RELOCATION', 'GAP']);
    expect(newVisitTypeProblem('SURVEILLANCE', ['ACCREDITATION'])).toBeNull();
    expect(newVisitTypeProblem('ACCREDITATION', ['ACCREDITATION'])).toBe(
      'A Survey visit of this cycle is still being planned: plan that one (or archive it) first.',
    );
  });

  it('spec 000 §4: a visit is open while it is planned (DRAFT, PLANNING, PREFERRED_DAYS_REQ) and not archived', () => {
    expect(isOpenVisit({ status: 'PLANNING' })).toBe(true);
    expect(isOpenVisit({ status: 'PREFERRED_DAYS_REQ' })).toBe(true);
    expect(isOpenVisit({ status: 'DRAFT' })).toBe(true);
    expect(isOpenVisit({ status: 'FINAL' })).toBe(false);
    expect(isOpenVisit({ status: 'PLANNING', archived: true })).toBe(false);
  });
});
