import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { formatDisplayDate, type TEditionSummary, type TEditionTransitionView } from '@portal/domain';
import { useId, useState } from 'react';
import { useServices } from '../../../lib/services.tsx';
import { getEditionTransition, setEditionTransition } from '../data/transition-api.ts';

const UNREACHABLE = 'The server could not be reached. Check the connection and try again.';

/** What the dialog says the window does, in the editions' own codes. */
function windowText(view: TEditionTransitionView, code: string): string {
  const window = view.transition;
  if (window?.state === 'COMPLETED')
    return `The window closed on ${formatDisplayDate(window.closesOn)}: ${code} became the current edition. It never changes again.`;
  const from = window?.from.code ?? view.current?.code ?? 'the current edition';
  return `From the opening day to the closing day (both included), a practice starting a new cycle may use ${from} or ${code}: its practice manager chooses, ${from} when they do not. From the day after, new cycles use ${code}, and it becomes the current edition.`;
}

/**
 * "Transition window" on a published edition's row (issue 30): a dialog with the window's opening
 * and closing days, saved with PUT …/:id/transition; a refusal stays in the dialog in the rule's
 * words. A window that has completed is shown, not changed.
 */
export function TransitionWindowButton({
  edition,
  describedBy,
  onSaved,
}: {
  edition: TEditionSummary;
  /** The id of the element naming the edition (the row's code). */
  describedBy: string;
  onSaved(message: string): void;
}) {
  const { apiUrl, authorisedFetch } = useServices();
  const [view, setView] = useState<TEditionTransitionView | null>(null);
  const [dates, setDates] = useState({ opensOn: '', closesOn: '' });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const titleId = useId();
  const textId = useId();
  const open = async () => {
    setRefusal(null);
    setBusy(true);
    const outcome = await getEditionTransition(authorisedFetch, apiUrl, edition.id).catch(() => ({
      ok: false as const,
      message: UNREACHABLE,
    }));
    setBusy(false);
    if (!outcome.ok) {
      setRefusal(outcome.message);
      setView({ transition: null, current: null });
      return;
    }
    setView(outcome.view);
    setDates({
      opensOn: outcome.view.transition?.opensOn ?? '',
      closesOn: outcome.view.transition?.closesOn ?? '',
    });
  };
  const save = async () => {
    setBusy(true);
    setRefusal(null);
    const outcome = await setEditionTransition(authorisedFetch, apiUrl, edition.id, dates).catch(() => ({
      ok: false as const,
      message: UNREACHABLE,
    }));
    setBusy(false);
    if (!outcome.ok) {
      setRefusal(outcome.message);
      return;
    }
    const window = outcome.view.transition!;
    setView(null);
    onSaved(
      `The transition window to ${edition.code} opens on ${formatDisplayDate(window.opensOn)} and closes on ${formatDisplayDate(window.closesOn)}.`,
    );
  };
  const completed = view?.transition?.state === 'COMPLETED';
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        aria-describedby={describedBy}
        onClick={() => void open()}
        disabled={busy}
      >
        Transition window
      </Button>
      <Dialog
        open={view !== null}
        onClose={() => !busy && setView(null)}
        aria-labelledby={titleId}
        aria-describedby={textId}
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>Transition window to {edition.code}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{view ? windowText(view, edition.code) : null}</DialogContentText>
          {completed ? null : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
              <TextField
                label="Opens on"
                type="date"
                value={dates.opensOn}
                onChange={(event) => setDates({ ...dates, opensOn: event.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                required
              />
              <TextField
                label="Closes on (the last day to choose)"
                type="date"
                value={dates.closesOn}
                onChange={(event) => setDates({ ...dates, closesOn: event.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                required
              />
            </Stack>
          )}
          {refusal ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {refusal}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setView(null)} disabled={busy} color="inherit">
            {completed ? 'Close' : 'Cancel'}
          </Button>
          {completed ? null : (
            <Button onClick={() => void save()} disabled={busy} variant="contained">
              Save window
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
