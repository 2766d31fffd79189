import {
  Box,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { EDITION_STATUS_LABELS, type TEditionStatus, type TEditionSummary } from '@portal/domain';
import { LinkBase } from 'react-admin';
import { editionLife, editionSize } from '../model/edition-life.ts';
import { ExportMenu, StatusChangeButton } from './edition-actions.tsx';
import { TransitionWindowButton } from './transition-window-button.tsx';

/** A status's chip colours: a draft asks for attention, a published edition is in use. */
const STATUS_COLOURS: Record<TEditionStatus, 'warning' | 'success' | 'default'> = {
  DRAFT: 'warning',
  PUBLISHED: 'success',
  RETIRED: 'default',
};

/** The status, whether it is the current edition, and the dates of its life. */
function StatusCell({ edition }: { edition: TEditionSummary }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Chip
          size="small"
          label={EDITION_STATUS_LABELS[edition.status]}
          color={STATUS_COLOURS[edition.status]}
          variant={edition.status === 'DRAFT' ? 'outlined' : 'filled'}
          sx={edition.status === 'DRAFT' ? { color: '#7a4100', borderColor: '#b26a00' } : undefined}
        />
        {edition.isCurrent ? <Chip size="small" label="Current" variant="outlined" color="primary" /> : null}
      </Stack>
      {editionLife(edition).map((step) => (
        <Typography
          key={step}
          variant="body2"
          color="text.secondary"
          sx={{ whiteSpace: { xs: 'normal', md: 'nowrap' } }}
        >
          {step}
        </Typography>
      ))}
    </Stack>
  );
}

/**
 * Every edition, newest first: code, name and size, status with its dates, and what may be done
 * with it (Preview and Export always; Publish a draft; Retire a published edition that is not the
 * current one). Each action's button is described by the row's code.
 */
export function EditionsTable({
  editions,
  previewPath,
  onChanged,
  onFailed,
}: {
  editions: readonly TEditionSummary[];
  previewPath(id: number): string;
  onChanged(edition: TEditionSummary, message: string): void;
  onFailed(message: string): void;
}) {
  if (editions.length === 0)
    return <Typography color="text.secondary">No edition yet: import one above.</Typography>;
  return (
    // Within the window beside the console's sidebar (260 px open): react-admin's layout grows to fit
    // its content, so a table wider than the window would push the whole page sideways; it scrolls
    // in its own box instead.
    <TableContainer sx={{ maxWidth: { xs: 'calc(100vw - 48px)', sm: 'calc(100vw - 300px)' } }}>
      <Table aria-label="Editions" size="small" sx={{ '& td, & th': { verticalAlign: 'top', py: 1.25 } }}>
        <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
          <TableRow>
            <TableCell component="th" scope="col">
              Code
            </TableCell>
            <TableCell component="th" scope="col">
              Name
            </TableCell>
            <TableCell component="th" scope="col">
              Status
            </TableCell>
            <TableCell component="th" scope="col">
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {editions.map((edition) => {
            const codeId = `edition-code-${edition.id}`;
            return (
              <TableRow key={edition.id}>
                <TableCell
                  component="th"
                  scope="row"
                  id={codeId}
                  sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                >
                  {edition.code}
                </TableCell>
                <TableCell sx={{ minWidth: 140 }}>
                  {edition.name}
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {editionSize(edition)}
                  </Typography>
                </TableCell>
                <TableCell>
                  <StatusCell edition={edition} />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: { xs: 100, lg: 250 } }}>
                    <Button
                      size="small"
                      variant="outlined"
                      component={LinkBase}
                      to={previewPath(edition.id)}
                      aria-describedby={codeId}
                    >
                      Preview
                    </Button>
                    <ExportMenu edition={edition} describedBy={codeId} onFailed={onFailed} />
                    {edition.status === 'DRAFT' ? (
                      <StatusChangeButton
                        edition={edition}
                        change="publish"
                        describedBy={codeId}
                        onChanged={onChanged}
                      />
                    ) : null}
                    {edition.status === 'PUBLISHED' && !edition.isCurrent ? (
                      <TransitionWindowButton
                        edition={edition}
                        describedBy={codeId}
                        onSaved={(message) => onChanged(edition, message)}
                      />
                    ) : null}
                    {edition.status === 'PUBLISHED' && !edition.isCurrent ? (
                      <StatusChangeButton
                        edition={edition}
                        change="retire"
                        describedBy={codeId}
                        onChanged={onChanged}
                      />
                    ) : null}
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
