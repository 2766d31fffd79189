import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { EDITION_STATUS_LABELS, type TEditionSummary, type TMappingView } from '@portal/domain';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { LinkBase, Title, useNavigate } from 'react-admin';
import { useServices } from '../../../lib/services.tsx';
import { listEditions } from '../data/editions-api.ts';
import { createMapping, listMappings, type Outcome } from '../data/mappings-api.ts';
import { coverageText } from '../model/mapping-change.ts';
import { MappingExportMenu } from './mapping-export-menu.tsx';
import { MappingImport } from './mapping-import.tsx';
import { TABLE_BOX } from './mapping-rows.tsx';

/** Where the mappings screen links to. */
export interface MappingPaths {
  editionsPath: string;
  mappingPath(id: number): string;
  movePath(id: number): string;
}

/**
 * The admin area's Mappings (docs/editions/README.md, "The screens"): import a mapping file, start
 * one between two editions, and every mapping (older to newer) with its coverage, to open, export
 * or move practices with. From the mappings API, a provider admin's only.
 */
export function MappingsView({ editionsPath, mappingPath, movePath }: MappingPaths) {
  const { apiUrl, authorisedFetch } = useServices();
  const [outcome, setOutcome] = useState<Outcome<{ mappings: TMappingView[] }> | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reload = useCallback(
    () => listMappings(authorisedFetch, apiUrl).then(setOutcome),
    [authorisedFetch, apiUrl],
  );
  useEffect(() => {
    document.title = 'Mappings between editions · Admin console';
    void reload();
  }, [reload]);

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1200 }}>
      <Title title="Mappings between editions" />
      <MuiLink component={LinkBase} to={editionsPath} variant="body2" sx={{ display: 'inline-block', mb: 2 }}>
        Back to the editions
      </MuiLink>
      <Card>
        <CardContent>
          <Typography sx={{ mb: 2, maxWidth: 820 }}>
            A mapping says what became of each indicator of an older edition in a newer one: equivalent,
            split, merged or retired; the newer indicators nothing maps to are new. Practices move to the
            newer edition once every older indicator is mapped and the newer edition is published.
          </Typography>
          {outcome && !outcome.ok ? (
            <Alert severity="error" role="alert">
              {outcome.message}
            </Alert>
          ) : (
            <>
              <MappingImport onImported={() => void reload()} />
              <Divider sx={{ my: 3 }} />
              <StartMapping mappingPath={mappingPath} onFailed={setNotice} />
              <Box aria-live="polite">
                {notice ? (
                  <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                    {notice}
                  </Alert>
                ) : null}
              </Box>
              <Divider sx={{ my: 3 }} />
              <Typography component="h2" variant="h6" gutterBottom>
                All mappings
              </Typography>
              {outcome?.ok ? (
                <MappingsTable
                  mappings={outcome.value.mappings}
                  mappingPath={mappingPath}
                  movePath={movePath}
                  onFailed={setNotice}
                />
              ) : (
                <Typography role="status">Loading the mappings…</Typography>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/** Start a mapping: choose the older and the newer edition; the new (empty) mapping opens. */
function StartMapping({
  mappingPath,
  onFailed,
}: {
  mappingPath(id: number): string;
  onFailed(m: string): void;
}) {
  const { apiUrl, authorisedFetch } = useServices();
  const navigate = useNavigate();
  const [editions, setEditions] = useState<TEditionSummary[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    listEditions(authorisedFetch, apiUrl).then(
      (o) => o.ok && setEditions(o.editions),
      () => {},
    );
  }, [authorisedFetch, apiUrl]);
  const problem =
    !from || !to ? 'Choose both editions.' : from === to ? 'Choose two different editions.' : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    setBusy(true);
    const answer = await createMapping(authorisedFetch, apiUrl, Number(from), Number(to));
    setBusy(false);
    if (answer.ok) navigate(mappingPath(answer.value.id));
    else onFailed(`The mapping was not started: ${answer.message}`);
  };
  const choice = (label: string, value: string, set: (v: string) => void) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => set(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth={false}
      sx={{ width: 280, maxWidth: '100%' }}
    >
      <option value="">Choose an edition</option>
      {editions.map((e) => (
        <option key={e.id} value={e.id}>
          {e.code} ({EDITION_STATUS_LABELS[e.status].toLowerCase()})
        </option>
      ))}
    </TextField>
  );
  return (
    <Box component="section" aria-labelledby="start-mapping-heading">
      <Typography id="start-mapping-heading" component="h2" variant="h6" gutterBottom>
        Start a mapping
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        An empty mapping between two editions, to fill in row by row. One mapping per pair of editions.
      </Typography>
      <Stack
        component="form"
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        {choice('Older edition', from, setFrom)}
        {choice('Newer edition', to, setTo)}
        <Button type="submit" variant="contained" disabled={busy}>
          Start mapping
        </Button>
      </Stack>
      {tried && problem ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}

/** Every mapping: older to newer edition, coverage, and Open, Export and Move practices. */
function MappingsTable({
  mappings,
  mappingPath,
  movePath,
  onFailed,
}: {
  mappings: readonly TMappingView[];
  mappingPath(id: number): string;
  movePath(id: number): string;
  onFailed(message: string): void;
}) {
  if (mappings.length === 0)
    return <Typography color="text.secondary">No mapping yet: import one, or start one above.</Typography>;
  return (
    <TableContainer sx={TABLE_BOX}>
      <Table aria-label="Mappings" size="small" sx={{ '& td, & th': { verticalAlign: 'top', py: 1.25 } }}>
        <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
          <TableRow>
            <TableCell component="th" scope="col">
              Older to newer
            </TableCell>
            <TableCell component="th" scope="col">
              Coverage
            </TableCell>
            <TableCell component="th" scope="col">
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {mappings.map((m) => {
            const nameId = `mapping-name-${m.id}`;
            return (
              <TableRow key={m.id}>
                <TableCell component="th" scope="row" id={nameId} sx={{ fontWeight: 600, minWidth: 140 }}>
                  {m.from.code} to {m.to.code}
                </TableCell>
                <TableCell>
                  {coverageText(m.coverage)}
                  <Typography variant="body2" color="text.secondary">
                    {m.newIndicators.length} new indicator{m.newIndicators.length === 1 ? '' : 's'} in{' '}
                    {m.to.code} ({EDITION_STATUS_LABELS[m.to.status].toLowerCase()})
                  </Typography>
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: { lg: 300 } }}>
                    <Button
                      size="small"
                      variant="outlined"
                      component={LinkBase}
                      to={mappingPath(m.id)}
                      aria-describedby={nameId}
                    >
                      Open
                    </Button>
                    <MappingExportMenu mapping={m} describedBy={nameId} onFailed={onFailed} />
                    <Button
                      size="small"
                      variant="outlined"
                      component={LinkBase}
                      to={movePath(m.id)}
                      aria-describedby={nameId}
                    >
                      Move practices
                    </Button>
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
