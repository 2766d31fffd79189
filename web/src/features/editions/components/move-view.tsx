import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link as MuiLink,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { TDryRunAssessment, TMappingView, TMoveResult } from '@portal/domain';
import { useEffect, useState } from 'react';
import { LinkBase, Title, useLocation } from 'react-admin';
import { useServices } from '../../../lib/services.tsx';
import { dryRunMove, moveAssessments } from '../data/mappings-api.ts';
import { type UndoNotice, useMappingMoves, useMappingsList } from '../hooks/use-mapping-moves.ts';
import { coverageText } from '../model/mapping-change.ts';
import { MoveDryRun } from './move-dry-run.tsx';
import { MoveHistory, MoveOutcome } from './move-history.tsx';
import { EMPTY_SELECTION, MoveSelectionFields, type SelectionState, selectionOf } from './move-selection.tsx';

/** The move screen at …/editions/moves?mapping=:id (the mapping preselected). */
export function MoveRoute({ mappingsPath }: { mappingsPath: string }) {
  const mapping = Number(new URLSearchParams(useLocation().search).get('mapping')) || null;
  return <MoveScreen mappingId={mapping} mappingsPath={mappingsPath} />;
}

/** Why no practice can move with the mapping now, or null. */
function notReady(m: TMappingView): string | null {
  if (m.to.status !== 'PUBLISHED')
    return `${m.to.code} is ${m.to.status === 'DRAFT' ? 'a draft' : 'retired'}: publish it before moving practices to it.`;
  if (m.unmappedFrom.length)
    return `${coverageText(m.coverage)}: map every indicator of ${m.from.code} before moving practices.`;
  return null;
}

/**
 * Move practices to a newer edition (docs/editions/README.md, "The screens"): choose a mapping and
 * the assessments (one by one, a network or a state), see a dry run indicator by indicator, move
 * after a confirmation, then the moved and refused ones; the recent moves, each undone while nobody
 * has edited its copy (the service's refusal shown otherwise).
 */
export function MoveScreen({ mappingId, mappingsPath }: { mappingId: number | null; mappingsPath: string }) {
  const { apiUrl, authorisedFetch } = useServices();
  const { mappings, failure } = useMappingsList();
  const [chosenId, setChosenId] = useState<number | null>(mappingId);
  const [selection, setSelection] = useState<SelectionState>(EMPTY_SELECTION);
  const [problem, setProblem] = useState<string | null>(null);
  const [dryRun, setDryRun] = useState<TDryRunAssessment[] | null>(null);
  // The move's answer, with the practices' names as the choices gave them before the move.
  const [result, setResult] = useState<(TMoveResult & { names: Map<number, string> }) | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<UndoNotice | null>(null);
  const { choices, moves, failure: readFailure, reload, undo, undoBusy } = useMappingMoves(chosenId);

  const mapping = mappings?.find((m) => m.id === chosenId) ?? null;
  // Another mapping: nothing of the last one's selection, dry run or move stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the mapping changes.
  useEffect(() => {
    setDryRun(null);
    setResult(null);
    setSelection(EMPTY_SELECTION);
  }, [chosenId]);

  const chosen = selectionOf(selection);
  const run = async (what: 'dry' | 'move') => {
    if (!mapping) return;
    if (typeof chosen === 'string') return setProblem(chosen);
    setProblem(null);
    setNotice(null);
    setBusy(true);
    if (what === 'dry') {
      const o = await dryRunMove(authorisedFetch, apiUrl, mapping.id, chosen);
      if (o.ok) setDryRun(o.value.assessments);
      else setProblem(o.message);
    } else {
      const o = await moveAssessments(authorisedFetch, apiUrl, mapping.id, chosen);
      setConfirming(false);
      if (o.ok) {
        setResult({
          ...o.value,
          names: new Map((choices?.assessments ?? []).map((a) => [a.assessmentId, a.practice.name])),
        });
        setDryRun(null);
        setSelection(EMPTY_SELECTION);
        await reload();
      } else setProblem(o.message);
    }
    setBusy(false);
  };
  const ready = mapping ? notReady(mapping) : null;
  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1200 }}>
      <Title title="Move practices" />
      <MuiLink component={LinkBase} to={mappingsPath} variant="body2" sx={{ display: 'inline-block', mb: 2 }}>
        Back to the mappings
      </MuiLink>
      <Card>
        <CardContent>
          <Typography sx={{ mb: 2, maxWidth: 820 }}>
            Moving copies each assessment in progress into the newer edition, one at a time, carrying its
            answers by the mapping. The older assessment is kept, read only and linked to its copy; nothing is
            deleted. A move can be undone while nobody has edited the copy.
          </Typography>
          {failure || readFailure ? (
            <Alert severity="error" role="alert">
              {failure ?? readFailure}
            </Alert>
          ) : !mappings ? (
            <Typography role="status">Loading the mappings…</Typography>
          ) : (
            <>
              <MappingChoice mappings={mappings} value={chosenId} onChange={setChosenId} />
              {ready ? (
                <Alert severity="warning" sx={{ mt: 2 }}>
                  {ready}
                </Alert>
              ) : null}
              {mapping && !ready && choices ? (
                <>
                  <MoveSelectionFields choices={choices} value={selection} onChange={setSelection} />
                  <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
                    <Button variant="outlined" disabled={busy} onClick={() => void run('dry')}>
                      Dry run
                    </Button>
                    <Button
                      variant="contained"
                      disabled={busy}
                      onClick={() => (typeof chosen === 'string' ? setProblem(chosen) : setConfirming(true))}
                    >
                      Move
                    </Button>
                  </Stack>
                </>
              ) : null}
              <MoveMessages busy={busy} problem={problem} notice={notice} />
              {mapping && dryRun ? <MoveDryRun assessments={dryRun} toCode={mapping.to.code} /> : null}
              {mapping && result ? (
                <MoveOutcome result={result} names={result.names} toCode={mapping.to.code} />
              ) : null}
              {mapping ? (
                <MoveHistory moves={moves} busyId={undoBusy} onUndo={(m) => void undo(m).then(setNotice)} />
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
      {confirming && mapping ? (
        <MoveConfirm
          mapping={mapping}
          selection={selection}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onMove={() => void run('move')}
        />
      ) : null}
    </Box>
  );
}

/** The move's confirmation: what moves, to which edition, and that the older assessments stay. */
function MoveConfirm({
  mapping,
  selection,
  busy,
  onCancel,
  onMove,
}: {
  mapping: TMappingView;
  selection: SelectionState;
  busy: boolean;
  onCancel(): void;
  onMove(): void;
}) {
  const n = selection.assessmentIds.length;
  const what =
    selection.way === 'assessments'
      ? `The ${n} chosen assessment${n === 1 ? '' : 's'}`
      : `Every assessment in progress of the chosen ${selection.way === 'network' ? 'network' : 'state'}`;
  return (
    <Dialog open onClose={() => !busy && onCancel()} aria-labelledby="move-confirm-title" maxWidth="sm">
      <DialogTitle id="move-confirm-title">Move to {mapping.to.code}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {what} on {mapping.from.code} will be copied into {mapping.to.code}, each in its own step. The older
          assessments stay, read only. Those being edited right now are refused and can be moved later.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy} onClick={onMove}>
          Move
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The mapping to move practices with, named by its editions and coverage. */
function MappingChoice({
  mappings,
  value,
  onChange,
}: {
  mappings: readonly TMappingView[];
  value: number | null;
  onChange(id: number | null): void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Mapping"
      value={value ?? ''}
      onChange={(event) => onChange(Number(event.target.value) || null)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth={false}
      sx={{ width: 360, maxWidth: '100%' }}
    >
      <option value="">Choose a mapping</option>
      {mappings.map((m) => (
        <option key={m.id} value={m.id}>
          {m.from.code} to {m.to.code} ({m.coverage.percent}% mapped)
        </option>
      ))}
    </TextField>
  );
}

/** What the screen is doing or said last: working, a problem, an undo's outcome. */
function MoveMessages({
  busy,
  problem,
  notice,
}: {
  busy: boolean;
  problem: string | null;
  notice: UndoNotice | null;
}) {
  return (
    <Box aria-live="polite" sx={{ mt: 2 }}>
      {busy ? <Typography role="status">Working…</Typography> : null}
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity={notice.ok ? 'success' : 'error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.message}
        </Alert>
      ) : null}
    </Box>
  );
}
