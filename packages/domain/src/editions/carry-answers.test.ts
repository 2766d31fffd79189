import { describe, expect, it } from 'vitest';
import { ANSWER_FIELDS, planCarry, type TAnswer, type TOlderResponse } from './carry-answers.ts';

// The carrying rule of a move (docs/decisions/editions.md, "Moving a practice"), as data.
const blank = Object.fromEntries(ANSWER_FIELDS.map((f) => [f, null])) as TAnswer;
const response = (answer: Partial<TAnswer>, observation: string | null = null): TOlderResponse => ({
  answer: { ...blank, is_marked_complete: false, ...answer },
  observation,
  checklists: { 1: { 1: true, 2: false } },
  lastUpdatedById: 7,
});
const codeOf = (id: number) => `A${id}`;

describe('planCarry', () => {
  const merge = [
    { fromIndicatorId: 1, kind: 'MERGED' as const, toIndicatorId: 10, position: 1 },
    { fromIndicatorId: 2, kind: 'MERGED' as const, toIndicatorId: 10, position: 1 },
  ];
  const items = [
    {
      fromIndicatorId: 1,
      from: [1, 1] as [number, number],
      toIndicatorId: 10,
      to: [1, 1] as [number, number],
    },
    {
      fromIndicatorId: 2,
      from: [1, 2] as [number, number],
      toIndicatorId: 10,
      to: [1, 1] as [number, number],
    },
  ];

  it('gives a merged indicator the answer its sources agree on, with both observations and the ticks of either', () => {
    const [planned] = planCarry({
      rows: merge,
      items,
      newerIndicatorIds: [10],
      responses: new Map([
        [1, response({ compliance: 'MET' }, 'one')],
        [2, response({ compliance: 'MET' }, 'two')],
      ]),
      codeOf,
    });
    expect(planned).toMatchObject({
      outcome: 'MERGED',
      answer: { compliance: 'MET' },
      disagreed: false,
      observation: '[A1] one\n\n[A2] two',
      checklists: { 1: { 1: true } },
      reviewAfterMove: true,
    });
  });

  it('leaves a merged indicator unanswered when its sources differ, or one was never answered, keeping the notes', () => {
    for (const second of [response({ compliance: 'NOT_MET' }), response({})]) {
      const [planned] = planCarry({
        rows: merge,
        items,
        newerIndicatorIds: [10],
        responses: new Map([
          [1, response({ compliance: 'MET' }, 'one')],
          [2, second],
        ]),
        codeOf,
      });
      expect(planned).toMatchObject({
        answer: null,
        disagreed: true,
        observation: '[A1] one',
        reviewAfterMove: true,
      });
    }
  });

  it('copies an equivalent answer unflagged, writes nothing for an unanswered one, and flags what nothing maps to as new', () => {
    const rows = [
      { fromIndicatorId: 1, kind: 'EQUIVALENT' as const, toIndicatorId: 10, position: 1 },
      { fromIndicatorId: 2, kind: 'EQUIVALENT' as const, toIndicatorId: 11, position: 1 },
      { fromIndicatorId: 3, kind: 'RETIRED' as const, toIndicatorId: null, position: 1 },
    ];
    const plan = planCarry({
      rows,
      items: [],
      newerIndicatorIds: [10, 11, 12],
      responses: new Map([
        [1, response({ compliance: 'NOT_APPLICABLE' }, 'n/a')],
        [3, response({ compliance: 'MET' })],
      ]),
      codeOf,
    });
    expect(
      plan.map((p) => [p.outcome, p.write, p.answer?.compliance ?? null, p.newInEdition, p.reviewAfterMove]),
    ).toEqual([
      ['EQUIVALENT', true, 'NOT_APPLICABLE', false, false],
      ['EQUIVALENT', false, null, false, false],
      ['NEW', true, null, true, false],
    ]);
    // No item mapping: no tick carried.
    expect(plan[0]!.checklists).toEqual({});
  });
});
