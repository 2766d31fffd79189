import { describe, expect, it } from 'vitest';
import {
  BLANK_RESPONSE,
  type TChecklistItemRef,
  type TIndicatorResponseFields,
} from './indicator-response.ts';
import { applyEdit, NO_EDIT } from './response-edits.ts';
import {
  decidingItems,
  isMetProposed,
  resolveSurveyTransition,
  surveyComplianceTransition,
  surveyRiskTransition,
} from './survey-compliance.ts';

// Question 1: item 1 must-have, item 2 optional; question 2: item 1 must-have.
const ITEMS: TChecklistItemRef[] = [
  { question: 1, item: 1, mustHave: true },
  { question: 1, item: 2, mustHave: false },
  { question: 2, item: 1, mustHave: true },
];
const response = (fields: Partial<TIndicatorResponseFields>): TIndicatorResponseFields => ({
  ...BLANK_RESPONSE,
  ...fields,
});
const NC_INPUT: Partial<TIndicatorResponseFields> = {
  non_compliance_statement: 'No register of sterilisation cycles.',
  non_compliance_type: 'Process',
  risk_type: 'Clinical',
  risk_likelihood: 'HIGH',
  risk_impact: 'MODERATE',
  risk_rating: 'HIGH',
};
const NC_CLEARED = {
  non_compliance_statement: null,
  non_compliance_type: null,
  risk_type: null,
  risk_likelihood: null,
  risk_impact: null,
  risk_rating: null,
};
const tick = (question: number, item: number, ticked = true) =>
  ({ kind: 'tick', question, item, ticked }) as const;

describe('surveyComplianceTransition (spec 001 §4)', () => {
  it('ticking a must-have while others are still unticked is just a tick', () => {
    const t = surveyComplianceTransition(response({}), ITEMS, tick(1, 1));
    expect(t).toEqual({ edit: { fields: {}, ticks: { '1': { '1': true } } }, confirm: null });
  });

  it('ticking the last must-have of an unanswered indicator sets MET at once', () => {
    const before = response({ checklists: { '1': { '1': true } } });
    const t = surveyComplianceTransition(before, ITEMS, tick(2, 1));
    expect(t).toEqual({
      edit: { fields: { compliance: 'MET' }, ticks: { '2': { '1': true } } },
      confirm: null,
    });
    const after = applyEdit(before, resolveSurveyTransition(t, true));
    expect(after.compliance).toBe('MET');
    expect(after.checklists).toEqual({ '1': { '1': true }, '2': { '1': true } });
  });

  it('an optional item never decides: ticking it leaves the compliance alone', () => {
    const before = response({
      checklists: { '1': { '1': true }, '2': { '1': true } },
      compliance: 'NOT_MET',
    });
    expect(surveyComplianceTransition(before, ITEMS, tick(1, 2))).toEqual({
      edit: { fields: {}, ticks: { '1': { '2': true } } },
      confirm: null,
    });
    expect(surveyComplianceTransition(before, ITEMS, tick(1, 2, false)).confirm).toBeNull();
  });

  it.each([
    ['was NOT_MET without input', { compliance: 'NOT_MET' as const }],
    ['was NOT_MET with input', { compliance: 'NOT_MET' as const, ...NC_INPUT }],
    ['was N/A', { compliance: 'NOT_APPLICABLE' as const }],
    ['had non-compliance input but no compliance', { non_compliance_statement: 'Draft.' }],
    ['had only a risk likelihood', { risk_likelihood: 'LOW' as const }],
  ])('asks "compliance set met" when the response %s, and MET clears the input', (_, fields) => {
    const before = response({ ...fields, checklists: { '1': { '1': true } }, observation: 'Keep me' });
    const t = surveyComplianceTransition(before, ITEMS, tick(2, 1));
    expect(t.confirm).toBe('setMet');
    const confirmed = applyEdit(before, resolveSurveyTransition(t, true));
    expect(confirmed).toEqual({
      ...before,
      ...NC_CLEARED,
      compliance: 'MET',
      checklists: { '1': { '1': true }, '2': { '1': true } },
      // Opportunities for improvement belong to MET too: kept.
      observation: 'Keep me',
    });
  });

  it('declining "compliance set met" leaves the ticks and compliance exactly as they were', () => {
    const before = response({ compliance: 'NOT_MET', ...NC_INPUT, checklists: { '1': { '1': true } } });
    const t = surveyComplianceTransition(before, ITEMS, tick(2, 1));
    expect(resolveSurveyTransition(t, false)).toBe(NO_EDIT);
    expect(applyEdit(before, resolveSurveyTransition(t, false))).toEqual(before);
  });

  it('unticking a must-have while MET asks "compliance unset met", then sets NOT_MET with the tick gone', () => {
    const before = response({
      compliance: 'MET',
      checklists: { '1': { '1': true, '2': true }, '2': { '1': true } },
    });
    const t = surveyComplianceTransition(before, ITEMS, tick(1, 1, false));
    expect(t).toEqual({
      edit: { fields: { compliance: 'NOT_MET' }, ticks: { '1': { '1': false } } },
      confirm: 'unsetMet',
    });
    const confirmed = applyEdit(before, resolveSurveyTransition(t, true));
    expect(confirmed.compliance).toBe('NOT_MET');
    expect(confirmed.checklists).toEqual({ '1': { '1': false, '2': true }, '2': { '1': true } });
  });

  it('declining "compliance unset met" restores the ticks and MET exactly', () => {
    const before = response({ compliance: 'MET', checklists: { '1': { '1': true }, '2': { '1': true } } });
    const t = surveyComplianceTransition(before, ITEMS, tick(2, 1, false));
    expect(t.confirm).toBe('unsetMet');
    expect(applyEdit(before, resolveSurveyTransition(t, false))).toEqual(before);
  });

  it('unticking a must-have when not MET is just an untick', () => {
    for (const compliance of [null, 'NOT_MET', 'NOT_APPLICABLE'] as const) {
      const before = response({ compliance, checklists: { '1': { '1': true } } });
      expect(surveyComplianceTransition(before, ITEMS, tick(1, 1, false))).toEqual({
        edit: { fields: {}, ticks: { '1': { '1': false } } },
        confirm: null,
      });
    }
  });

  it('re-ticking while already MET asks nothing', () => {
    const before = response({ compliance: 'MET', checklists: { '1': { '1': true }, '2': { '1': true } } });
    expect(surveyComplianceTransition(before, ITEMS, tick(1, 1)).confirm).toBeNull();
  });

  it('the radios set NOT_MET, N/A or none as they are, keeping the ticks and input', () => {
    const before = response({ compliance: 'MET', ...NC_INPUT, checklists: { '1': { '1': true } } });
    for (const compliance of ['NOT_MET', 'NOT_APPLICABLE', null] as const) {
      const t = surveyComplianceTransition(before, ITEMS, { kind: 'choose', compliance });
      expect(t).toEqual({ edit: { fields: { compliance }, ticks: {} }, confirm: null });
      expect(applyEdit(before, t.edit)).toEqual({ ...before, compliance });
    }
  });

  it('an indicator without must-haves is decided by all of its items', () => {
    const optional: TChecklistItemRef[] = [
      { question: 1, item: 1, mustHave: false },
      { question: 1, item: 2, mustHave: false },
    ];
    expect(decidingItems(optional)).toEqual(optional);
    expect(decidingItems(ITEMS)).toEqual([ITEMS[0], ITEMS[2]]);
    const before = response({ checklists: { '1': { '1': true } } });
    expect(surveyComplianceTransition(before, optional, tick(1, 2)).edit.fields).toEqual({
      compliance: 'MET',
    });
  });
});

describe('surveyRiskTransition (spec 001 §4)', () => {
  it('rates from the matrix once likelihood and impact are both set, and clears the rating otherwise', () => {
    const half = surveyRiskTransition(response({}), 'IN_PROGRESS', { risk_likelihood: 'MODERATE' });
    expect(half).toEqual({
      edit: { fields: { risk_likelihood: 'MODERATE', risk_rating: null }, ticks: {} },
      confirm: null,
    });
    const both = surveyRiskTransition(response({ risk_likelihood: 'MODERATE' }), 'IN_PROGRESS', {
      risk_impact: 'HIGH',
    });
    expect(both.edit.fields).toEqual({ risk_impact: 'HIGH', risk_rating: 'HIGH' });
    const cleared = surveyRiskTransition(
      response({ risk_likelihood: 'MODERATE', risk_impact: 'HIGH', risk_rating: 'HIGH' }),
      'IN_PROGRESS',
      { risk_impact: null },
    );
    expect(cleared.edit.fields).toEqual({ risk_impact: null, risk_rating: null });
  });

  it('asks "critical" when High likelihood meets High impact while IN_PROGRESS, once', () => {
    const before = response({ risk_likelihood: 'HIGH', risk_impact: 'MODERATE', risk_rating: 'HIGH' });
    const t = surveyRiskTransition(before, 'IN_PROGRESS', { risk_impact: 'HIGH' });
    expect(t).toEqual({
      edit: { fields: { risk_impact: 'HIGH', risk_rating: 'CRITICAL' }, ticks: {} },
      confirm: 'critical',
    });
    expect(applyEdit(before, resolveSurveyTransition(t, false))).toEqual(before);
    // Already critical (re-choosing a level): nothing more to confirm.
    const critical = response({ risk_likelihood: 'HIGH', risk_impact: 'HIGH', risk_rating: 'CRITICAL' });
    expect(surveyRiskTransition(critical, 'IN_PROGRESS', { risk_likelihood: 'HIGH' }).confirm).toBeNull();
  });

  it('does not ask once the assessment has left IN_PROGRESS', () => {
    const before = response({ risk_likelihood: 'HIGH' });
    expect(surveyRiskTransition(before, 'UNDER_REVIEW', { risk_impact: 'HIGH' }).confirm).toBeNull();
    expect(surveyRiskTransition(before, 'PARTIALLY_SUBMITTED', { risk_impact: 'HIGH' }).confirm).toBeNull();
  });
});

describe('copied ticks: Met proposed (spec 001 §4, §2 Add assessment; docs/decisions/assessments.md)', () => {
  const allTicked = { '1': { '1': true }, '2': { '1': true } };

  it('spec 001 §4: an unanswered indicator whose must-haves are all ticked is Met proposed', () => {
    expect(isMetProposed(response({ checklists: allTicked }), ITEMS)).toBe(true);
    expect(isMetProposed(response({ checklists: { '1': { '1': true } } }), ITEMS)).toBe(false);
    expect(isMetProposed(response({ checklists: allTicked, compliance: 'MET' }), ITEMS)).toBe(false);
    expect(isMetProposed(response({ checklists: allTicked, compliance: 'NOT_MET' }), ITEMS)).toBe(false);
    expect(isMetProposed(response({ checklists: {} }), [])).toBe(false);
  });

  it('spec 001 §4: confirming a proposed Met sets MET in one step, the ticks untouched', () => {
    const t = surveyComplianceTransition(response({ checklists: allTicked }), ITEMS, { kind: 'confirmMet' });
    expect(t).toEqual({ edit: { fields: { compliance: 'MET' }, ticks: {} }, confirm: null });
  });

  it('spec 001 §4: confirming Met where it is not proposed changes nothing', () => {
    const partly = response({ checklists: { '1': { '1': true } } });
    expect(surveyComplianceTransition(partly, ITEMS, { kind: 'confirmMet' })).toEqual({
      edit: NO_EDIT,
      confirm: null,
    });
  });
});
