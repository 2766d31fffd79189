import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { MAPPING_FILE_MAX_BYTES, type TMappingView } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { useServices } from '../../../lib/services.tsx';
import { importMapping, type Outcome } from '../data/mappings-api.ts';
import { coverageText } from '../model/mapping-change.ts';
import { EditionProblems } from './edition-problems.tsx';

/** The file chooser's look: its button as the console's outlined buttons. */
export const FILE_INPUT_SX = {
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
} as const;

/**
 * Import a mapping file (JSON or YAML): checked whole, every problem listed with its line and
 * nothing stored; an imported file becomes its editions' mapping (replacing the rows of one that
 * exists), and the page says so with its coverage.
 */
export function MappingImport({ onImported }: { onImported(view: TMappingView): void }) {
  const { apiUrl, authorisedFetch } = useServices();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState<(Outcome<TMappingView> & { fileName: string }) | null>(null);
  const [missing, setMissing] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setMissing(true);
    setBusy(true);
    setTried(null);
    const outcome = await importMapping(authorisedFetch, apiUrl, file);
    setBusy(false);
    setTried({ ...outcome, fileName: file.name });
    if (outcome.ok) {
      setFile(null);
      setInputKey((k) => k + 1);
      onImported(outcome.value);
    }
  };

  return (
    <Box component="section" aria-labelledby={`${inputId}-heading`}>
      <Typography id={`${inputId}-heading`} component="h2" variant="h6" gutterBottom>
        Import a mapping
      </Typography>
      <Typography variant="body2" sx={{ mb: 2, maxWidth: 820 }}>
        A mapping file is JSON or YAML in the portal's format (at most {MAPPING_FILE_MAX_BYTES / 1024 / 1024}{' '}
        MB), naming its two editions by code. It is checked whole: a file with any problem imports nothing,
        and every problem is listed with its line. A file for two editions that have a mapping replaces its
        rows.
      </Typography>
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <Typography
          component="label"
          htmlFor={inputId}
          variant="body2"
          sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}
        >
          Mapping file
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Box
            component="input"
            key={inputKey}
            id={inputId}
            type="file"
            accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
            aria-invalid={missing ? 'true' : undefined}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setMissing(false);
            }}
            sx={FILE_INPUT_SX}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            Import mapping
          </Button>
        </Stack>
      </Box>
      <Box aria-live="polite">
        {missing ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            Choose a mapping file (JSON or YAML) first.
          </Alert>
        ) : null}
        {busy && file ? (
          <Typography role="status" sx={{ mt: 2 }}>
            Importing {file.name}…
          </Typography>
        ) : null}
      </Box>
      {tried && !tried.ok && tried.problems.length ? (
        <EditionProblems
          fileName={tried.fileName}
          message={tried.message}
          problems={tried.problems}
          total={tried.total}
        />
      ) : tried && !tried.ok ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          Nothing was imported from {tried.fileName}: {tried.message}
        </Alert>
      ) : tried?.ok ? (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          The mapping {tried.value.from.code} to {tried.value.to.code} is imported from {tried.fileName}:{' '}
          {coverageText(tried.value.coverage)}.
        </Alert>
      ) : null}
    </Box>
  );
}
