import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  TextField,
  Typography,
} from '@mui/material';
import { MAPPING_KIND_LABELS, MAPPING_KINDS, type TMappingKind, type TMappingView } from '@portal/domain';
import { type Dispatch, type SetStateAction, useId, useState } from 'react';
import type { Refusal } from '../data/mappings-api.ts';
import { draftOf, draftProblem, type RowDraft } from '../model/mapping-change.ts';
import { EditionProblems } from './edition-problems.tsx';

/** What each kind asks for, under the kind's choice. */
const KIND_HINTS: Record<TMappingKind, string> = {
  EQUIVALENT: 'The same indicator in the newer edition: its answer is carried whole.',
  SPLIT: 'Became two or more newer indicators: each part receives the whole answer, flagged for review.',
  MERGED:
    'Became one newer indicator with other older ones: the answer is carried where the sources agree. All sources change together.',
  RETIRED: 'Gone from the newer edition: its answer stays with the older assessment.',
};

/**
 * Change one older indicator's row: its kind and target(s); a merge names its other sources, which
 * change in the same request. The service's problems (the whole mapping must still hold) stay in
 * the dialog, in its words.
 */
export function MappingRowDialog({
  view,
  from,
  busy,
  refusal,
  onCancel,
  onSave,
}: {
  view: TMappingView;
  /** The older indicator's code. */
  from: string;
  busy: boolean;
  refusal: Refusal | null;
  onCancel(): void;
  onSave(draft: RowDraft): void;
}) {
  const [draft, setDraft] = useState<RowDraft>(() => draftOf(view, from));
  const [tried, setTried] = useState(false);
  const titleId = useId();
  const problem = draftProblem(draft);

  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Map {from}</DialogTitle>
      <DialogContent>
        <form
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (!problem) onSave(draft);
          }}
        >
          <TextField
            select
            fullWidth
            margin="dense"
            label="Kind"
            value={draft.kind}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            helperText={KIND_HINTS[draft.kind]}
            onChange={(event) => {
              const kind = event.target.value as TMappingKind;
              setDraft((d) => ({
                ...d,
                kind,
                targets: kind === 'RETIRED' ? [] : kind === 'SPLIT' ? d.targets : d.targets.slice(0, 1),
              }));
            }}
          >
            {MAPPING_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {MAPPING_KIND_LABELS[kind]}
              </option>
            ))}
          </TextField>
          <RowTargets view={view} from={from} draft={draft} setDraft={setDraft} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            The row's checklist item links are kept where their newer indicator stays a target.
          </Typography>
        </form>
        {tried && problem ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        ) : null}
        {refusal ? (
          refusal.problems.length ? (
            <EditionProblems
              title={`${from} was not changed`}
              label="Problems with the change"
              message={refusal.message}
              problems={refusal.problems}
              total={refusal.total}
            />
          ) : (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {from} was not changed: {refusal.message}
            </Alert>
          )
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={busy}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The targets a kind asks for: one newer indicator, several (a split), or one and the other sources (a merge). */
function RowTargets({
  view,
  from,
  draft,
  setDraft,
}: {
  view: TMappingView;
  from: string;
  draft: RowDraft;
  setDraft: Dispatch<SetStateAction<RowDraft>>;
}) {
  const older = [...view.indicators.map((r) => r.from), ...view.unmappedFrom.map((i) => i.code)];
  const newer = [
    ...new Set([
      ...view.indicators.flatMap((r) => (r.to === undefined ? [] : [r.to].flat())),
      ...view.newIndicators.map((i) => i.code),
    ]),
  ].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const toggle = (list: string[], code: string, on: boolean) =>
    on ? [...list, code] : list.filter((c) => c !== code);
  return (
    <>
      {draft.kind === 'EQUIVALENT' || draft.kind === 'MERGED' ? (
        <TextField
          select
          fullWidth
          margin="dense"
          label={draft.kind === 'MERGED' ? 'Merged into' : 'Newer indicator'}
          value={draft.targets[0] ?? ''}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          onChange={(event) =>
            setDraft((d) => ({ ...d, targets: event.target.value ? [event.target.value] : [] }))
          }
        >
          <option value="">Choose an indicator of {view.to.code}</option>
          {newer.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </TextField>
      ) : null}
      {draft.kind === 'SPLIT' ? (
        <CodeChecks
          legend="Split into"
          codes={newer}
          chosen={draft.targets}
          onToggle={(code, on) => setDraft((d) => ({ ...d, targets: toggle(d.targets, code, on) }))}
        />
      ) : null}
      {draft.kind === 'MERGED' ? (
        <CodeChecks
          legend={`Merged with (other indicators of ${view.from.code})`}
          codes={older.filter((c) => c !== from)}
          chosen={draft.mergedWith}
          onToggle={(code, on) => setDraft((d) => ({ ...d, mergedWith: toggle(d.mergedWith, code, on) }))}
        />
      ) : null}
    </>
  );
}

/** A group of checkboxes, one per indicator code. */
function CodeChecks({
  legend,
  codes,
  chosen,
  onToggle,
}: {
  legend: string;
  codes: readonly string[];
  chosen: readonly string[];
  onToggle(code: string, on: boolean): void;
}) {
  return (
    <FormControl component="fieldset" margin="dense" fullWidth>
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup row>
        {codes.map((code) => (
          <FormControlLabel
            key={code}
            label={code}
            control={
              <Checkbox
                size="small"
                checked={chosen.includes(code)}
                onChange={(event) => onToggle(code, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
