import type { TMappingView } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { changedText, changeOf, coverageText, draftOf, draftProblem, itemsText } from './mapping-change.ts';

const edition = (id: number, code: string) => ({ id, code, name: code, status: 'PUBLISHED' as const });
const view: TMappingView = {
  id: 1,
  from: edition(1, 'OLD'),
  to: edition(2, 'NEW'),
  indicators: [
    { from: 'A1', kind: 'EQUIVALENT', to: 'B1', items: [{ from: '1.1', to: '1.2' }] },
    { from: 'A2', kind: 'SPLIT', to: ['B2', 'B3'], items: [{ from: '1.1', to: '1.1', toIndicator: 'B3' }] },
    { from: 'A3', kind: 'MERGED', to: 'B4' },
    { from: 'A4', kind: 'MERGED', to: 'B4' },
  ],
  unmappedFrom: [{ id: 9, code: 'A5', name: 'Five', set: 'S' }],
  newIndicators: [],
  coverage: { mapped: 4, total: 5, percent: 80 },
};

describe('a mapping row changed in the screen', () => {
  it('starts from the row as it is, a merge with its other sources', () => {
    expect(draftOf(view, 'A3')).toEqual({ from: 'A3', kind: 'MERGED', targets: ['B4'], mergedWith: ['A4'] });
    expect(draftOf(view, 'A5')).toEqual({ from: 'A5', kind: 'EQUIVALENT', targets: [], mergedWith: [] });
  });

  it('says what a draft lacks', () => {
    expect(draftProblem({ from: 'A5', kind: 'EQUIVALENT', targets: [], mergedWith: [] })).toMatch(/Choose/);
    expect(draftProblem({ from: 'A5', kind: 'SPLIT', targets: ['B1'], mergedWith: [] })).toMatch(
      /two or more/,
    );
    expect(draftProblem({ from: 'A5', kind: 'MERGED', targets: ['B1'], mergedWith: [] })).toMatch(/other/);
    expect(draftProblem({ from: 'A5', kind: 'RETIRED', targets: [], mergedWith: [] })).toBeNull();
  });

  it('sends every source of a merge, keeping the item links whose target stays', () => {
    expect(changeOf(view, { from: 'A1', kind: 'MERGED', targets: ['B1'], mergedWith: ['A5'] })).toEqual({
      set: [
        { from: 'A1', kind: 'MERGED', to: 'B1', items: [{ from: '1.1', to: '1.2' }] },
        { from: 'A5', kind: 'MERGED', to: 'B1' },
      ],
    });
    // A split's item names its target; one whose target goes is dropped.
    expect(changeOf(view, { from: 'A2', kind: 'SPLIT', targets: ['B3', 'B5'], mergedWith: [] })).toEqual({
      set: [
        {
          from: 'A2',
          kind: 'SPLIT',
          to: ['B3', 'B5'],
          items: [{ from: '1.1', to: '1.1', toIndicator: 'B3' }],
        },
      ],
    });
    expect(changeOf(view, { from: 'A1', kind: 'RETIRED', targets: [], mergedWith: [] })).toEqual({
      set: [{ from: 'A1', kind: 'RETIRED' }],
    });
  });

  it('reads the coverage, the items and the change in words', () => {
    expect(coverageText(view.coverage)).toBe('4 of 5 older indicators mapped (80%)');
    expect(itemsText(view.indicators[1]!)).toBe('1.1 → B3 1.1');
    expect(changedText({ from: 'A3', kind: 'MERGED', targets: ['B4'], mergedWith: ['A4'] })).toBe(
      'A3 is now Merged (n:1) into B4, with A4.',
    );
    expect(changedText({ from: 'A1', kind: 'EQUIVALENT', targets: ['B1'], mergedWith: [] })).toBe(
      'A1 is now Equivalent (1:1) to B1.',
    );
  });
});
