import { describe, expect, it } from 'vitest';
import { canonicalMappingFile, checkMappingFile, MAPPING_FILE_FORMAT } from './mapping-file.ts';

// The rules of a mapping file that need no database (docs/editions/README.md, "Mappings"); the
// lines and the codes of the editions are the route's tests (actions/src/routes/editions/mappings.test.ts).
const file = (indicators: unknown[], overrides: Record<string, unknown> = {}) => ({
  format: MAPPING_FILE_FORMAT,
  from: 'OLD',
  to: 'NEW',
  indicators,
  ...overrides,
});
const problems = (raw: unknown) => {
  const checked = checkMappingFile(raw);
  return checked.ok ? [] : checked.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('checkMappingFile', () => {
  it('takes one row of each kind and writes it back canonically', () => {
    const raw = file([
      { from: 'A1', kind: 'EQUIVALENT', to: 'B1', items: [{ from: '1.1', to: '1.2' }] },
      { from: 'A2', kind: 'SPLIT', to: ['B2', 'B3'], items: [{ from: '1.1', to: '1.1', toIndicator: 'B3' }] },
      { from: 'A3', kind: 'MERGED', to: 'B4' },
      { from: 'A4', kind: 'MERGED', to: 'B4' },
      { from: 'A5', kind: 'RETIRED' },
    ]);
    const checked = checkMappingFile(raw);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(canonicalMappingFile(checked.mapping)).toEqual(raw);
  });

  it('lists every rule broken across rows, each at its row', () => {
    expect(
      problems(
        file([
          { from: 'A1', kind: 'EQUIVALENT', to: 'B1' },
          { from: 'A2', kind: 'MERGED', to: 'B1' }, // a merge target that is an equivalent's too
          { from: 'A3', kind: 'EQUIVALENT', to: 'B2' },
          { from: 'A4', kind: 'EQUIVALENT', to: 'B2' }, // two equivalents into one
          { from: 'A5', kind: 'SPLIT', to: ['B3', 'b3'] }, // the same code twice is one target
          {
            from: 'A6',
            kind: 'SPLIT',
            to: ['B5', 'B6'],
            items: [{ from: '1.1', to: '1.1', toIndicator: 'B7' }],
          },
          {
            from: 'A7',
            kind: 'EQUIVALENT',
            to: 'B8',
            items: [
              { from: '1.1', to: '1.1' },
              { from: '1.1', to: '1.1' },
            ],
          },
          { from: 'A8', kind: 'RETIRED', items: [{ from: '1.1', to: '1.1' }] },
          { from: 'A9', kind: 'MERGED' }, // no target
        ]),
      ),
    ).toEqual(
      expect.arrayContaining([
        ['indicators.1.to', expect.stringContaining('a merged indicator takes merges only')],
        ['indicators.3.to', expect.stringContaining('is the target of 2 rows')],
        ['indicators.4.to', 'Give a split a list of two or more different indicator codes as to.'],
        ['indicators.5.items.0.toIndicator', expect.stringContaining('one of this indicator’s targets')],
        ['indicators.6.items.1', 'The item 1.1 is mapped to 1.1 twice.'],
        ['indicators.7.items', 'A retired indicator carries no item: remove items.'],
        ['indicators.8.to', 'Give merged exactly one indicator code as to.'],
      ]),
    );
  });

  it('refuses a mapping of an edition to itself, a wrong format and item numbers that are not quoted text', () => {
    expect(problems(file([], { to: 'old' }))).toEqual([
      ['to', 'Map an edition to another one: from and to are the same.'],
    ]);
    expect(problems(file([], { format: 'portal-edition/1' }))[0]![0]).toBe('format');
    expect(
      problems(file([{ from: 'A1', kind: 'EQUIVALENT', to: 'B1', items: [{ from: 1.1, to: '1.10' }] }])),
    ).toEqual([
      [
        'indicators.0.items.0.from',
        'Write the item as its question and item numbers in quotes, such as "2.1".',
      ],
    ]);
  });
});
