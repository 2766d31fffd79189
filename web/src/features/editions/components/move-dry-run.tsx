import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { EDITION_FLAG_LABELS, type TDryRunAssessment } from '@portal/domain';

/** Within the window inside the card and the accordion (their padding, beside the console's sidebar). */
const NESTED_TABLE_BOX = { maxWidth: { xs: 'calc(100vw - 96px)', sm: 'calc(100vw - 380px)' } } as const;

/** An outcome in the dry run's words. */
const OUTCOME_WORDS = { EQUIVALENT: 'Carried', SPLIT: 'Split', MERGED: 'Merged', NEW: 'New' } as const;

/** "3 carried, 2 split, 1 merged, 1 new, 1 retired". */
export function dryRunCounts(a: TDryRunAssessment): string {
  const count = (outcome: keyof typeof OUTCOME_WORDS) =>
    a.indicators.filter((i) => i.outcome === outcome).length;
  return [
    `${count('EQUIVALENT')} carried`,
    `${count('SPLIT')} split`,
    `${count('MERGED')} merged`,
    `${count('NEW')} new`,
    `${a.retired.length} retired`,
  ].join(', ');
}

/**
 * A dry run's answer: per assessment (an accordion, the first open), indicator by indicator, what a
 * move would carry (answer, ticks, observation, comments, documents) and the flag it would leave;
 * the retired indicators; or why the assessment would not move.
 */
export function MoveDryRun({
  assessments,
  toCode,
}: {
  assessments: readonly TDryRunAssessment[];
  toCode: string;
}) {
  if (assessments.length === 0)
    return <Alert severity="info">No assessment in progress on the older edition is chosen.</Alert>;
  const refused = assessments.filter((a) => a.refused).length;
  return (
    <Box component="section" aria-labelledby="dry-run-heading">
      <Typography id="dry-run-heading" component="h2" variant="h6" gutterBottom>
        Dry run: what would move
      </Typography>
      <Typography variant="body2" role="status" sx={{ mb: 1 }}>
        {assessments.length - refused} of {assessments.length} assessment{assessments.length === 1 ? '' : 's'}{' '}
        would move to {toCode}
        {refused ? `; ${refused} would not (see why below)` : ''}. Nothing has changed yet.
      </Typography>
      {assessments.map((a, index) => (
        <Accordion key={a.assessmentId} defaultExpanded={index === 0} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {a.practice?.name ?? 'Unknown practice'}: assessment {a.assessmentId}
            </Typography>
            <Typography
              variant="body2"
              color={a.refused ? 'error' : 'text.secondary'}
              sx={{ ml: 2, alignSelf: 'center' }}
            >
              {a.refused ? 'Would not move' : dryRunCounts(a)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            {a.refused ? (
              <Alert severity="warning">{a.refused}</Alert>
            ) : (
              <DryRunTable assessment={a} toCode={toCode} />
            )}
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

function DryRunTable({ assessment, toCode }: { assessment: TDryRunAssessment; toCode: string }) {
  return (
    <>
      {/* Wider than a narrow window: it scrolls in its own box, reached with Tab to scroll by keyboard. */}
      <TableContainer
        sx={NESTED_TABLE_BOX}
        tabIndex={0}
        role="region"
        aria-label={`Indicators of assessment ${assessment.assessmentId}`}
      >
        <Table
          size="small"
          aria-label={`What would move of assessment ${assessment.assessmentId}`}
          sx={{ '& td, & th': { verticalAlign: 'top' } }}
        >
          <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableRow>
              {[
                `${toCode} indicator`,
                'From',
                'What happens',
                'Answer carried',
                'Ticks',
                'Comments',
                'Documents',
                'Flag',
              ].map((h) => (
                <TableCell key={h} component="th" scope="col">
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {assessment.indicators.map((i) => (
              <TableRow key={i.code}>
                <TableCell component="th" scope="row">
                  <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
                    {i.code}
                  </Box>
                  {i.name}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.from.join(', ') || '—'}</TableCell>
                <TableCell>{OUTCOME_WORDS[i.outcome]}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {i.answer === 'carried'
                    ? 'Yes'
                    : i.answer === 'sources differ'
                      ? 'No: the sources differ'
                      : 'No answer'}
                  {i.observation ? ', with its notes' : ''}
                </TableCell>
                <TableCell>{i.ticks}</TableCell>
                <TableCell>{i.comments}</TableCell>
                <TableCell>{i.documents}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {i.flag ? EDITION_FLAG_LABELS[i.flag] : '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {assessment.retired.length ? (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          Retired (the answer stays with the older assessment):{' '}
          {assessment.retired.map((r) => `${r.code}${r.answered ? ' (answered)' : ''}`).join(', ')}
        </Typography>
      ) : null}
    </>
  );
}
