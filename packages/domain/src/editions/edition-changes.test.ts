import { describe, expect, it } from 'vitest';
import { answerEffect, editionChangeGroups, type TEditionChangeIndicator } from './edition-changes.ts';

const indicator = (overrides: Partial<TEditionChangeIndicator>): TEditionChangeIndicator => ({
  code: 'B1',
  name: 'Indicator B1',
  outcome: 'EQUIVALENT',
  from: ['A1'],
  flag: null,
  answer: 'carried',
  compliance: 'MET',
  ticks: 0,
  observation: false,
  comments: 0,
  documents: 0,
  ...overrides,
});

describe('answerEffect', () => {
  it('says what becomes of the answer, and what else is carried', () => {
    expect(answerEffect(indicator({ ticks: 3, observation: true, comments: 2, documents: 1 }), false)).toBe(
      'The answer is carried, with 3 ticks, the notes, 2 comments and 1 document.',
    );
    expect(answerEffect(indicator({}), true)).toBe('The answer was carried.');
    expect(answerEffect(indicator({ answer: 'sources differ', observation: true }), false)).toBe(
      'The older answers differ, so no answer is carried: answer it again. Also carried: the notes.',
    );
    expect(answerEffect(indicator({ answer: 'none' }), false)).toBe('Not answered yet: no answer to carry.');
    expect(answerEffect(indicator({ outcome: 'NEW', from: [], answer: 'none' }), false)).toBe(
      'Starts unanswered.',
    );
  });
});

describe('editionChangeGroups', () => {
  it('puts each indicator in its group, in order, with where it comes from', () => {
    const groups = editionChangeGroups({
      state: 'PREVIEW',
      indicators: [
        indicator({}),
        indicator({ code: 'B2', outcome: 'SPLIT', from: ['A2'] }),
        indicator({ code: 'B3', outcome: 'MERGED', from: ['A3', 'A4'] }),
        indicator({ code: 'B4', outcome: 'NEW', from: [], answer: 'none' }),
      ],
      retired: [{ code: 'A5', name: 'Indicator A5', answered: false }],
    });
    expect(groups.new.map((l) => l.code)).toEqual(['B4']);
    expect(groups.changed.map((l) => [l.code, l.source])).toEqual([
      ['B2', 'From A2'],
      ['B3', 'From A3 + A4'],
    ]);
    expect(groups.retired).toEqual([
      { code: 'A5', name: 'Indicator A5', source: null, effect: 'Not answered: nothing to keep.' },
    ]);
    expect(groups.carried.map((l) => l.code)).toEqual(['B1']);
  });
});
