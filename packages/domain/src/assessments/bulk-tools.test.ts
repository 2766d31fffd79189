import { describe, expect, it } from 'vitest';
import { autoCompletedResponse, isBlankResponse, withMustHavesTicked } from './bulk-tools.ts';
import { BLANK_RESPONSE, indicatorBanner, type TIndicatorResponseFields } from './indicator-response.ts';

const r = (fields: Partial<TIndicatorResponseFields> = {}): TIndicatorResponseFields => ({
  ...BLANK_RESPONSE,
  ...fields,
});
const ITEMS = [
  { question: 1, item: 1, mustHave: true },
  { question: 1, item: 2, mustHave: false },
  { question: 2, item: 1, mustHave: true },
];

describe('auto complete (spec 001 §4)', () => {
  it('marks an unanswered self assessment indicator complete, without a compliance, must-haves ticked', () => {
    const done = autoCompletedResponse(
      'PRESURVEY',
      r({ checklists: { 1: { 2: true } }, observation: 'x' }),
      ITEMS,
    );
    expect(done).toEqual(
      r({
        is_marked_complete: true,
        observation: 'x',
        checklists: { 1: { 1: true, 2: true }, 2: { 1: true } },
      }),
    );
    expect(indicatorBanner('PRESURVEY', done!, ITEMS)).toBe('completed');
  });

  it('sets an unanswered survey indicator MET and marked complete, must-haves ticked', () => {
    const done = autoCompletedResponse('SURVEY_VISIT', r({ checklists: { 2: { 1: false } } }), ITEMS);
    expect(done).toEqual(
      r({ compliance: 'MET', is_marked_complete: true, checklists: { 1: { 1: true }, 2: { 1: true } } }),
    );
    expect(indicatorBanner('SURVEY_VISIT', done!, ITEMS)).toBe('success');
  });

  it('leaves answered indicators alone', () => {
    expect(autoCompletedResponse('PRESURVEY', r({ is_marked_complete: true }), ITEMS)).toBeNull();
    expect(autoCompletedResponse('PRESURVEY', r({ compliance: 'NOT_APPLICABLE' }), ITEMS)).toBeNull();
    expect(autoCompletedResponse('SURVEY_VISIT', r({ compliance: 'NOT_MET' }), ITEMS)).toBeNull();
    expect(autoCompletedResponse('SURVEY_VISIT', r({ compliance: 'NOT_APPLICABLE' }), ITEMS)).toBeNull();
  });

  it('ticks must-haves without dropping other ticks or touching the input', () => {
    const ticks = { 1: { 2: true }, 3: { 1: false } };
    expect(withMustHavesTicked(ticks, ITEMS)).toEqual({
      1: { 1: true, 2: true },
      2: { 1: true },
      3: { 1: false },
    });
    expect(ticks).toEqual({ 1: { 2: true }, 3: { 1: false } });
    expect(withMustHavesTicked({}, [])).toEqual({});
  });
});

describe('auto clear (spec 001 §4)', () => {
  it('knows a blank response from any answered field', () => {
    expect(isBlankResponse(r())).toBe(true);
    expect(isBlankResponse(r({ checklists: {} }))).toBe(true);
    for (const change of [
      { compliance: 'MET' as const },
      { is_marked_complete: true },
      { further_action_required: true },
      { reviewed: true },
      { non_conformity_status: 'CLOSED' as const },
      { refer_to_ca: true },
      { non_compliance_statement: 'x' },
      { risk_likelihood: 'LOW' as const },
      { observation: '' },
      { checklists: { 1: { 1: false } } },
    ]) {
      expect([change, isBlankResponse(r(change))]).toEqual([change, false]);
    }
  });
});
