import {
  Alert,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { TMoveRecord, TMoveResult } from '@portal/domain';
import { portalDateTime } from '../model/edition-life.ts';
import { TABLE_BOX } from './mapping-rows.tsx';

/** A move's answer: each assessment moved (with its copy) and each refused (with why). */
export function MoveOutcome({
  result,
  names,
  toCode,
}: {
  result: TMoveResult;
  /** The practices' names by assessment id, where known. */
  names: ReadonlyMap<number, string>;
  toCode: string;
}) {
  const whose = (id: number) => (names.has(id) ? `${names.get(id)}: assessment ${id}` : `Assessment ${id}`);
  return (
    <Box component="section" aria-labelledby="move-outcome-heading" sx={{ mt: 3 }}>
      <Typography id="move-outcome-heading" component="h2" variant="h6" gutterBottom>
        Moved to {toCode}
      </Typography>
      <Alert severity={result.refused.length ? 'warning' : 'success'} role="status" sx={{ mb: 1 }}>
        {result.moved.length} moved, {result.refused.length} refused. Each moved assessment is now answered in
        its copy; the older one is kept, read only. Undo a move below while nobody has edited the copy.
      </Alert>
      {result.moved.length ? (
        <Box component="ul" aria-label="Moved" sx={{ my: 1, pl: 3 }}>
          {result.moved.map((m) => (
            <li key={m.assessmentId}>
              <Typography variant="body2">
                {whose(m.assessmentId)} moved, now assessment {m.movedTo}
              </Typography>
            </li>
          ))}
        </Box>
      ) : null}
      {result.refused.length ? (
        <Box component="ul" aria-label="Refused" sx={{ my: 1, pl: 3 }}>
          {result.refused.map((r) => (
            <li key={r.assessmentId}>
              <Typography variant="body2">
                {whose(r.assessmentId)} not moved: {r.reason}
              </Typography>
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** The recent moves with this mapping: who moved and when, undone or not, and Undo while allowed. */
export function MoveHistory({
  moves,
  busyId,
  onUndo,
}: {
  moves: readonly TMoveRecord[];
  busyId: number | null;
  onUndo(move: TMoveRecord): void;
}) {
  return (
    <Box component="section" aria-labelledby="moves-heading" sx={{ mt: 3 }}>
      <Typography id="moves-heading" component="h2" variant="h6" gutterBottom>
        Recent moves
      </Typography>
      {moves.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No assessment has moved with this mapping yet.
        </Typography>
      ) : (
        <TableContainer sx={TABLE_BOX} tabIndex={0} role="region" aria-labelledby="moves-heading">
          <Table size="small" aria-label="Recent moves" sx={{ '& td, & th': { verticalAlign: 'top' } }}>
            <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableRow>
                {['Practice', 'Moved', 'State', 'Undo'].map((h) => (
                  <TableCell key={h} component="th" scope="col">
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {moves.map((m) => {
                const nameId = `move-${m.id}`;
                return (
                  <TableRow key={m.id}>
                    <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                      <span id={nameId}>{m.practice.name}</span>
                      <Typography variant="body2" color="text.secondary">
                        Assessment {m.assessmentId}
                        {m.movedTo ? ` → ${m.movedTo}` : ''}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {portalDateTime(m.movedAt)}
                      {m.movedBy ? ` by ${m.movedBy}` : ''}
                    </TableCell>
                    <TableCell sx={{ minWidth: 140 }}>
                      {m.undoneAt
                        ? `Undone ${portalDateTime(m.undoneAt)}${m.undoneBy ? ` by ${m.undoneBy}` : ''}`
                        : 'Moved'}
                      {m.undoneAt ? null : (
                        <Typography variant="body2" color="text.secondary">
                          {m.undoable ? 'Nobody has edited the copy' : 'Worked on since'}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      {m.undoneAt ? (
                        '—'
                      ) : (
                        <Button
                          size="small"
                          variant="outlined"
                          color="inherit"
                          aria-describedby={nameId}
                          disabled={busyId === m.id}
                          onClick={() => onUndo(m)}
                        >
                          Undo
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
