import { describe, expect, it } from 'vitest';
import { problemPlace } from './problem-place.ts';

describe('problemPlace', () => {
  it('names a workbook’s sheet and row, a file’s line, or the file as a whole', () => {
    expect(problemPlace({ sheet: 'Standards', line: 12, path: 'sets[0].code', message: '' })).toBe(
      'Sheet Standards, row 12',
    );
    expect(problemPlace({ sheet: 'Resources', line: null, path: '', message: '' })).toBe('Sheet Resources');
    expect(problemPlace({ line: 7, path: 'code', message: '' })).toBe('Line 7');
    expect(problemPlace({ sheet: null, line: null, path: 'code', message: '' })).toBe('The file as a whole');
  });
});
