import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import type { TEditionFileProblem } from '@portal/domain';
import { problemPlace } from '../model/problem-place.ts';

/**
 * An import refused: nothing was imported, and every problem of the file (the first 200 the
 * service lists, with the total) with its line or its sheet and row, its place in the edition and
 * what to do. An alert, so a screen reader says it as it appears.
 */
export function EditionProblems({
  fileName,
  title = `Nothing was imported from ${fileName}`,
  label = `Problems in ${fileName}`,
  message,
  problems,
  total,
}: {
  /** The file refused (used by the default title and label). */
  fileName?: string;
  /** The alert's title; default "Nothing was imported from <fileName>". */
  title?: string;
  /** The list's accessible name; default "Problems in <fileName>". */
  label?: string;
  message: string;
  problems: readonly TEditionFileProblem[];
  total: number;
}) {
  return (
    <Alert severity="error" role="alert" sx={{ mt: 2, '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{title}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {message}
      </Typography>
      {total > problems.length ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          The first {problems.length} of {total} problems are listed.
        </Typography>
      ) : null}
      <Box
        component="ol"
        aria-label={label}
        sx={{ m: 0, pl: 3, '& li': { mb: 0.75 }, '& li:last-of-type': { mb: 0 } }}
      >
        {problems.map((problem, index) => (
          // A file may hold the same problem twice at one place; the position keeps them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
          <li key={index}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
              {problemPlace(problem)}
            </Typography>
            {problem.path ? (
              <Typography
                variant="body2"
                component="span"
                sx={{ fontFamily: 'monospace', ml: 1, overflowWrap: 'anywhere' }}
              >
                {problem.path}
              </Typography>
            ) : null}
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              {problem.message}
            </Typography>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
