import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import {
  API_PREFIX,
  EDITION_FILE_MAX_BYTES,
  EDITION_SCHEMA_PATH,
  type TEditionSummary,
} from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { useServices } from '../../../lib/services.tsx';
import { downloadTemplate, type ImportOutcome, importEditionFile } from '../data/editions-api.ts';
import { EditionProblems } from './edition-problems.tsx';

/** The files the chooser offers: JSON, YAML and workbooks. */
const ACCEPT =
  '.json,.yaml,.yml,.xlsx,application/json,application/yaml,text/yaml,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Tried = ImportOutcome & { fileName: string };

/**
 * Import an edition: choose a file (JSON, YAML or a workbook), import it. A refused file lists
 * every problem and says nothing was imported; an imported one is a new draft (the page says so
 * and lists it). With the spreadsheet template to download and the format's JSON Schema.
 */
export function EditionImport({ onImported }: { onImported(edition: TEditionSummary): void }) {
  const { apiUrl, authorisedFetch } = useServices();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState<Tried | null>(null);
  const [missing, setMissing] = useState(false);
  // A new input after an import, so the chooser is empty again.
  const [inputKey, setInputKey] = useState(0);
  const inputId = useId();
  const hintId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setTried(null);
    const outcome = await importEditionFile(authorisedFetch, apiUrl, file).catch(
      (): ImportOutcome => ({
        kind: 'failed',
        message: 'The server could not be reached. Check the connection and import the file again.',
      }),
    );
    setBusy(false);
    setTried({ ...outcome, fileName: file.name });
    if (outcome.kind === 'imported') {
      setFile(null);
      setInputKey((k) => k + 1);
      onImported(outcome.edition);
    }
  };

  return (
    <Box component="section" aria-labelledby={`${inputId}-heading`}>
      <Typography id={`${inputId}-heading`} component="h2" variant="h6" gutterBottom>
        Import an edition
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        An edition file is JSON or YAML in the portal's format, or a workbook made from the spreadsheet
        template (at most {EDITION_FILE_MAX_BYTES / 1024 / 1024} MB). It is checked whole: a file with any
        problem imports nothing, and every problem is listed with its line, or its sheet and row. An imported
        edition is a draft until you publish it.
      </Typography>
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <Typography
          component="label"
          htmlFor={inputId}
          variant="body2"
          sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}
        >
          Edition file
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Box
            component="input"
            key={inputKey}
            id={inputId}
            type="file"
            accept={ACCEPT}
            aria-describedby={hintId}
            aria-invalid={missing ? 'true' : undefined}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setMissing(false);
            }}
            sx={{
              font: 'inherit',
              fontSize: 14,
              maxWidth: '100%',
              '&::file-selector-button': {
                font: 'inherit',
                fontWeight: 500,
                mr: 1.5,
                px: 1.5,
                py: 0.75,
                color: '#006e66',
                bgcolor: '#fff',
                border: '1px solid rgba(0, 110, 102, 0.5)',
                borderRadius: 1,
                cursor: 'pointer',
              },
              '&:focus-visible': { outline: '2px solid #006e66', outlineOffset: 2 },
            }}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            Import edition
          </Button>
        </Stack>
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          A .json, .yaml, .yml or .xlsx file
        </Typography>
      </Box>
      <EditionFileHelp />
      <Box aria-live="polite">
        {missing ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            Choose an edition file (JSON, YAML or .xlsx) first.
          </Alert>
        ) : null}
        {busy && file ? (
          <Typography role="status" sx={{ mt: 2 }}>
            Importing {file.name}…
          </Typography>
        ) : null}
      </Box>
      <ImportOutcomeView tried={tried} />
    </Box>
  );
}

/** Where to start a file: the spreadsheet template (a download with the admin's token) and the JSON Schema. */
function EditionFileHelp() {
  const { apiUrl, authorisedFetch } = useServices();
  const [failed, setFailed] = useState(false);
  const schemaUrl = `${apiUrl}${EDITION_SCHEMA_PATH.slice(API_PREFIX.length)}`;
  return (
    <>
      <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => {
            setFailed(false);
            downloadTemplate(authorisedFetch, apiUrl).catch(() => setFailed(true));
          }}
        >
          Download the spreadsheet template (.xlsx)
        </Link>
        <Link href={schemaUrl} target="_blank" rel="noopener" variant="body2">
          The format's JSON Schema (opens in a new tab)
        </Link>
      </Stack>
      {failed ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          The spreadsheet template could not be downloaded. Check the connection and try again.
        </Alert>
      ) : null}
    </>
  );
}

/** What the last import gave: the problems, a failure in one sentence, or the new draft. */
function ImportOutcomeView({ tried }: { tried: Tried | null }) {
  if (!tried) return null;
  if (tried.kind === 'refused')
    return (
      <EditionProblems
        fileName={tried.fileName}
        message={tried.message}
        problems={tried.problems}
        total={tried.total}
      />
    );
  if (tried.kind === 'failed')
    return (
      <Alert severity="error" role="alert" sx={{ mt: 2 }}>
        Nothing was imported from {tried.fileName}: {tried.message}
      </Alert>
    );
  const { edition } = tried;
  return (
    <Alert severity="success" role="status" sx={{ mt: 2 }}>
      {edition.code} ({edition.name}) is imported from {tried.fileName} as a draft: {edition.sets} set
      {edition.sets === 1 ? '' : 's'}, {edition.indicators} indicator{edition.indicators === 1 ? '' : 's'}.
      Preview it, then publish it when it is right.
    </Alert>
  );
}
