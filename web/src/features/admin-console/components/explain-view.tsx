import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  ADMIN_CONSOLE_EXPLAIN_PATH,
  ADMIN_CONSOLE_EXPLAIN_ROLES,
  API_PREFIX,
  type TConsoleExplainField,
} from '@portal/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { useServices } from '../../../lib/services.tsx';
import { explainQuery } from '../data/explain-query.ts';
import { readConsoleQuery, saveConsoleQuery } from '../model/console-query.ts';
import { explainRequest, type TSessionRow } from '../model/explain-request.ts';
import { ExplainedField, MONO } from './explained-field.tsx';
import { SessionVariables } from './session-variables.tsx';

type Result =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'failed'; message: string }
  | {
      kind: 'explained';
      fields: TConsoleExplainField[];
    };

/**
 * The console's Explain view: a query (the one last edited in GraphiQL), the role it runs as and
 * its session variables; Explain asks the engine (through POST /api/admin-console/explain) for the
 * SQL it generates for each root field and PostgreSQL's plan of it, without running it.
 */
export function ExplainView() {
  const { apiUrl, authorisedFetch } = useServices();
  const endpoint = `${apiUrl}${ADMIN_CONSOLE_EXPLAIN_PATH.slice(API_PREFIX.length)}`;
  const [query, setQuery] = useState(readConsoleQuery);
  const [variables, setVariables] = useState('');
  // The console's own role first: what GraphiQL and the tables run as.
  const [role, setRole] = useState<string>(ADMIN_CONSOLE_EXPLAIN_ROLES[0]);
  const [rows, setRows] = useState<TSessionRow[]>([{ key: 1, name: 'x-hasura-user-id', value: '' }]);
  const [result, setResult] = useState<Result>({ kind: 'idle' });

  useEffect(() => {
    document.title = 'Explain · Admin console';
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = explainRequest({ query, variables, role, rows });
    if (!request.ok) return setResult({ kind: 'failed', message: request.message });
    setResult({ kind: 'busy' });
    const outcome = await explainQuery(authorisedFetch, endpoint, {
      query,
      variables: request.variables,
      user: request.user,
    }).catch((error: unknown) => ({
      ok: false as const,
      message: error instanceof Error ? error.message : 'The explain request failed.',
    }));
    setResult(
      outcome.ok
        ? { kind: 'explained', fields: outcome.fields }
        : { kind: 'failed', message: outcome.message },
    );
  };

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1100 }}>
      <Title title="Explain" />
      <Card>
        <CardContent>
          <Typography component="h2" variant="h5" gutterBottom>
            Explain a query
          </Typography>
          <Typography sx={{ mb: 2 }}>
            See the SQL the engine generates for each root field of a query, and PostgreSQL's plan for it, as
            the role and session you choose. The query is planned, not run.
          </Typography>
          <Box component="form" onSubmit={submit} noValidate>
            <Stack spacing={2}>
              <TextField
                label="Query"
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  saveConsoleQuery(event.target.value);
                }}
                multiline
                minRows={6}
                maxRows={18}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO, fontSize: 13 } } }}
                fullWidth
              />
              <TextField
                label="Variables (JSON, optional)"
                value={variables}
                onChange={(event) => setVariables(event.target.value)}
                multiline
                minRows={1}
                maxRows={6}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO, fontSize: 13 } } }}
                fullWidth
              />
              <TextField
                select
                label="Run as role"
                value={role}
                onChange={(event) => setRole(event.target.value)}
                sx={{ maxWidth: 280 }}
              >
                {ADMIN_CONSOLE_EXPLAIN_ROLES.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
              <SessionVariables rows={rows} setRows={setRows} />
              <Box>
                <Button type="submit" variant="contained" disabled={result.kind === 'busy'}>
                  Explain
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {result.kind === 'busy' ? <Typography>Explaining…</Typography> : null}
        {result.kind === 'failed' ? (
          <Alert severity="error" variant="outlined">
            {result.message}
          </Alert>
        ) : null}
      </Box>
      {result.kind === 'explained' ? (
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography component="h2" variant="h5">
            {`Plan for ${result.fields.length} root field${result.fields.length === 1 ? '' : 's'}`}
          </Typography>
          {result.fields.map((field) => (
            <ExplainedField key={field.field} field={field} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
