import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Menu,
  MenuItem,
} from '@mui/material';
import { EDITION_EXPORT_FORMATS, type TEditionSummary } from '@portal/domain';
import { useId, useState } from 'react';
import { useServices } from '../../../lib/services.tsx';
import { changeEditionStatus, downloadEdition } from '../data/editions-api.ts';

/** What publishing and retiring say before they happen: neither step can be undone. */
const CHANGES = {
  publish: {
    action: 'Publish',
    title: (code: string) => `Publish ${code}?`,
    text: (code: string) =>
      `A published edition never changes: the sets, indicators, checklist questions and items, resources, code and name of ${code} stay as they are for good, and the database refuses any change to them. New accreditation cycles can then use it. A correction afterwards is a new edition with a code of its own.`,
    done: (code: string) => `${code} is published. It never changes from now on.`,
  },
  retire: {
    action: 'Retire',
    title: (code: string) => `Retire ${code}?`,
    text: (code: string) =>
      `A retired edition is kept with every assessment made against it, but no new cycle uses it. ${code} cannot be published again afterwards.`,
    done: (code: string) => `${code} is retired. No new cycle uses it.`,
  },
} as const;

/**
 * Publish or Retire, each confirmed in a dialog that says what cannot be undone; a refusal (the
 * database's rule, in its words) stays in the dialog. The row's code describes the button.
 */
export function StatusChangeButton({
  edition,
  change,
  describedBy,
  onChanged,
}: {
  edition: TEditionSummary;
  change: 'publish' | 'retire';
  /** The id of the element naming the edition (the row's code). */
  describedBy: string;
  onChanged(edition: TEditionSummary, message: string): void;
}) {
  const { apiUrl, authorisedFetch } = useServices();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const titleId = useId();
  const textId = useId();
  const words = CHANGES[change];

  const confirm = async () => {
    setBusy(true);
    setRefusal(null);
    const outcome = await changeEditionStatus(authorisedFetch, apiUrl, edition.id, change).catch(() => ({
      ok: false as const,
      message: 'The server could not be reached. Check the connection and try again.',
    }));
    setBusy(false);
    if (!outcome.ok) {
      setRefusal(outcome.message);
      return;
    }
    setOpen(false);
    onChanged(outcome.edition, words.done(edition.code));
  };

  return (
    <>
      <Button
        size="small"
        variant={change === 'publish' ? 'contained' : 'outlined'}
        color={change === 'publish' ? 'primary' : 'inherit'}
        aria-describedby={describedBy}
        onClick={() => {
          setRefusal(null);
          setOpen(true);
        }}
      >
        {words.action}
      </Button>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        aria-labelledby={titleId}
        aria-describedby={textId}
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>{words.title(edition.code)}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{words.text(edition.code)}</DialogContentText>
          {refusal ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {refusal}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button
            onClick={() => void confirm()}
            disabled={busy}
            variant="contained"
            color={change === 'publish' ? 'primary' : 'error'}
          >
            {words.action}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Export: a menu of the formats (JSON, YAML, spreadsheet); the file downloads with the server's name. */
export function ExportMenu({
  edition,
  describedBy,
  onFailed,
}: {
  edition: TEditionSummary;
  describedBy: string;
  onFailed(message: string): void;
}) {
  const { apiUrl, authorisedFetch } = useServices();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const choose = (format: (typeof EDITION_EXPORT_FORMATS)[number]['format']) => {
    setAnchor(null);
    downloadEdition(authorisedFetch, apiUrl, edition, format).catch((error: unknown) =>
      onFailed(
        `${edition.code} could not be exported: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  };
  return (
    <>
      <Button
        id={buttonId}
        size="small"
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        aria-describedby={describedBy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Export
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {EDITION_EXPORT_FORMATS.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => choose(format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
