import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  ADMIN_CONSOLE_EXPLAIN_PATH,
  ADMIN_CONSOLE_EXPLAIN_ROLES,
  API_PREFIX,
  type TConsoleExplainField,
  ZConsoleExplainSessionSchema,
} from '@portal/domain';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { useServices } from '../../../lib/services.tsx';
import { explainQuery } from '../data/explain-query.ts';
import { readConsoleQuery, saveConsoleQuery } from '../model/console-query.ts';

interface SessionRow {
  key: number;
  name: string;
  value: string;
}

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** One root field's SQL and plan, the SQL copyable. */
function ExplainedField({ field }: { field: TConsoleExplainField }) {
  const [copied, setCopied] = useState(false);
  const headingId = useId();
  const copy = async () => {
    await navigator.clipboard.writeText(field.sql ?? '');
    setCopied(true);
  };
  if (field.sql === null)
    return (
      <Card component="section" aria-labelledby={headingId} variant="outlined">
        <CardContent>
          <Typography id={headingId} component="h3" variant="h6" sx={{ fontFamily: MONO, mb: 1 }}>
            {field.field}
          </Typography>
          <Typography>No SQL: the engine answers this field itself, without the database.</Typography>
        </CardContent>
      </Card>
    );
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Typography id={headingId} component="h3" variant="h6" sx={{ fontFamily: MONO, mb: 1 }}>
          {field.field}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
          <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
            SQL
          </Typography>
          <Button size="small" variant="outlined" onClick={copy}>
            {copied ? 'SQL copied' : 'Copy SQL'}
          </Button>
        </Stack>
        <Box
          component="pre"
          sx={{
            fontFamily: MONO,
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            bgcolor: 'grey.100',
            p: 1.5,
            borderRadius: 1,
            m: 0,
            mb: 2,
          }}
        >
          {field.sql}
        </Box>
        <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Plan
        </Typography>
        {/* The plan's tree keeps its indentation: it scrolls sideways (by keyboard too) instead of wrapping. */}
        <Box
          component="pre"
          aria-label={`Plan of ${field.field}`}
          tabIndex={0}
          sx={{
            fontFamily: MONO,
            fontSize: 13,
            whiteSpace: 'pre',
            overflowX: 'auto',
            bgcolor: 'grey.100',
            p: 1.5,
            borderRadius: 1,
            m: 0,
          }}
        >
          {(field.plan ?? []).join('\n')}
        </Box>
      </CardContent>
    </Card>
  );
}

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
  // The console's own role first (issue 28): what GraphiQL and the tables run as.
  const [role, setRole] = useState<string>(ADMIN_CONSOLE_EXPLAIN_ROLES[0]);
  const [rows, setRows] = useState<SessionRow[]>([{ key: 1, name: 'x-hasura-user-id', value: '' }]);
  const [result, setResult] = useState<Result>({ kind: 'idle' });
  const nextKey = useMemo(() => ({ value: 2 }), []);

  useEffect(() => {
    document.title = 'Explain · Admin console';
  }, []);

  const setRow = (key: number, change: Partial<SessionRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return setResult({ kind: 'failed', message: 'Type a query to explain.' });
    let parsedVariables: Record<string, unknown> | undefined;
    if (variables.trim()) {
      try {
        const value = JSON.parse(variables) as unknown;
        if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
        parsedVariables = value as Record<string, unknown>;
      } catch {
        return setResult({ kind: 'failed', message: 'Variables are a JSON object, e.g. {"id": 1}.' });
      }
    }
    // Rows left empty are not sent; the rest are checked by the rule the endpoint applies.
    const filled = rows.filter((row) => row.name.trim() || row.value.trim());
    const session = ZConsoleExplainSessionSchema.safeParse({
      'x-hasura-role': role,
      ...Object.fromEntries(filled.map((row) => [row.name, row.value])),
    });
    if (!session.success) return setResult({ kind: 'failed', message: session.error.issues[0]!.message });
    setResult({ kind: 'busy' });
    const outcome = await explainQuery(authorisedFetch, endpoint, {
      query,
      variables: parsedVariables,
      user: session.data,
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
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                  Session variables
                </Typography>
                <Stack spacing={1.5}>
                  {rows.map((row, index) => (
                    <Stack
                      key={row.key}
                      direction={{ xs: 'column', sm: 'row' }}
                      spacing={1}
                      sx={{ alignItems: 'center' }}
                    >
                      <TextField
                        label={`Variable ${index + 1} name`}
                        value={row.name}
                        onChange={(event) => setRow(row.key, { name: event.target.value })}
                        size="small"
                        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO } } }}
                        sx={{ flex: 1, width: '100%' }}
                      />
                      <TextField
                        label={`Variable ${index + 1} value`}
                        value={row.value}
                        onChange={(event) => setRow(row.key, { value: event.target.value })}
                        size="small"
                        sx={{ flex: 1, width: '100%' }}
                      />
                      <Button
                        size="small"
                        onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                      >
                        {`Remove variable ${index + 1}`}
                      </Button>
                    </Stack>
                  ))}
                  <Box>
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() =>
                        setRows((current) => [
                          ...current,
                          { key: nextKey.value++, name: 'x-hasura-', value: '' },
                        ])
                      }
                    >
                      Add session variable
                    </Button>
                  </Box>
                </Stack>
              </Box>
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
