import { Alert, Box, Card, CardContent, Divider, Link as MuiLink, Typography } from '@mui/material';
import type { TEditionSummary } from '@portal/domain';
import { useCallback, useEffect, useState } from 'react';
import { LinkBase, Title } from 'react-admin';
import { useServices } from '../../../lib/services.tsx';
import { type ListOutcome, listEditions } from '../data/editions-api.ts';
import { EditionImport } from './edition-import.tsx';
import { EditionsTable } from './editions-table.tsx';

/**
 * The admin area's Editions (docs/editions/README.md, "The screens"): import an edition file as a
 * draft, and every edition with its status and dates, to preview, export, publish or retire. From
 * the editions API (`/api/admin/editions`), a provider admin's only.
 */
export function EditionsView({
  previewPath,
  mappingsPath,
}: {
  previewPath(id: number): string;
  /** The mappings screen, linked from here when given. */
  mappingsPath?: string;
}) {
  const { apiUrl, authorisedFetch } = useServices();
  const [outcome, setOutcome] = useState<ListOutcome | null>(null);
  // What the last publish, retire or export said (a status, or an alert for a failure).
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);

  const reload = useCallback(
    () =>
      listEditions(authorisedFetch, apiUrl).then(setOutcome, () =>
        setOutcome({ ok: false, message: 'The editions could not be loaded. Reload the page to try again.' }),
      ),
    [authorisedFetch, apiUrl],
  );

  useEffect(() => {
    document.title = 'Editions · Admin console';
    void reload();
  }, [reload]);

  const refused = outcome !== null && !outcome.ok;
  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1200 }}>
      <Title title="Editions" />
      <Card>
        <CardContent>
          <Typography sx={{ mb: 2, maxWidth: 820 }}>
            The editions of the standards practices are assessed against. An imported edition is a draft:
            preview it as the assessment screen will show it, then publish it. A published edition never
            changes; retire it when no new cycle should use it.
          </Typography>
          {mappingsPath ? (
            <Typography sx={{ mb: 2, maxWidth: 820 }}>
              To move practices from one edition to the next, map the older edition's indicators to the newer
              one's:{' '}
              <MuiLink component={LinkBase} to={mappingsPath}>
                Mappings between editions
              </MuiLink>
              .
            </Typography>
          ) : null}
          {refused ? (
            <Alert severity="error" role="alert">
              {outcome.message}
            </Alert>
          ) : (
            <>
              <EditionImport
                onImported={() => {
                  setNotice(null);
                  void reload();
                }}
              />
              <Divider sx={{ my: 3 }} />
              <Typography component="h2" variant="h6" gutterBottom>
                All editions
              </Typography>
              <Box aria-live="polite">
                {notice ? (
                  <Alert
                    severity={notice.ok ? 'success' : 'error'}
                    role={notice.ok ? 'status' : 'alert'}
                    sx={{ mb: 2 }}
                  >
                    {notice.message}
                  </Alert>
                ) : null}
              </Box>
              {outcome?.ok ? (
                <EditionsTable
                  editions={outcome.editions}
                  previewPath={previewPath}
                  onChanged={(_edition: TEditionSummary, message: string) => {
                    setNotice({ ok: true, message });
                    void reload();
                  }}
                  onFailed={(message) => setNotice({ ok: false, message })}
                />
              ) : (
                <Typography role="status">Loading the editions…</Typography>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
