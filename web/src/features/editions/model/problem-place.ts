import type { TEditionFileProblem } from '@portal/domain';

/** Where a problem is, in words: a workbook's sheet and row, a file's line, or the whole file. */
export function problemPlace(problem: TEditionFileProblem): string {
  if (problem.sheet)
    return problem.line ? `Sheet ${problem.sheet}, row ${problem.line}` : `Sheet ${problem.sheet}`;
  return problem.line ? `Line ${problem.line}` : 'The file as a whole';
}
