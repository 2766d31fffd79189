import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import { EDITION_STATUS_LABELS, type TMappingIndicator, type TMappingView } from '@portal/domain';
import { useCallback, useEffect, useState } from 'react';
import { LinkBase, Title, useParams } from 'react-admin';
import { useServices } from '../../../lib/services.tsx';
import { changeMapping, getMapping, type Outcome, type Refusal } from '../data/mappings-api.ts';
import { changedText, changeOf, coverageText, type RowDraft } from '../model/mapping-change.ts';
import { EditionProblems } from './edition-problems.tsx';
import { MappingExportMenu } from './mapping-export-menu.tsx';
import { MappingRowDialog } from './mapping-row-dialog.tsx';
import { MappingRows } from './mapping-rows.tsx';

/** What the last change said, and the service's problems when it refused. */
type Notice = { ok: boolean; message: string; refusal?: Refusal };

/** The mapping the address names (…/editions/mappings/:id). */
export function MappingRoute(props: { listPath: string; movePath(id: number): string }) {
  return <MappingScreen id={Number(useParams().id)} {...props} />;
}

/**
 * One mapping (docs/editions/README.md, "The screens"): its coverage, the older indicators not yet
 * mapped and the newer ones nothing maps to, and its rows, each changed (kind and targets; a merge
 * with its sources) or unmapped in place. A refused change shows the service's every problem.
 */
export function MappingScreen({
  id,
  listPath,
  movePath,
}: {
  id: number;
  listPath: string;
  movePath(id: number): string;
}) {
  const { apiUrl, authorisedFetch } = useServices();
  const [outcome, setOutcome] = useState<Outcome<TMappingView> | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const load = useCallback(
    () => getMapping(authorisedFetch, apiUrl, id).then(setOutcome),
    [authorisedFetch, apiUrl, id],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const view = outcome?.ok ? outcome.value : null;
  useEffect(() => {
    document.title = `${view ? `Mapping ${view.from.code} to ${view.to.code}` : 'Mapping'} · Admin console`;
  }, [view]);

  const save = async (draft: RowDraft) => {
    if (!view) return;
    setBusy(true);
    const answer = await changeMapping(authorisedFetch, apiUrl, view.id, changeOf(view, draft));
    setBusy(false);
    if (!answer.ok) return setRefusal(answer);
    setEditing(null);
    setRefusal(null);
    setOutcome(answer);
    setNotice({ ok: true, message: changedText(draft) });
  };
  const unmap = async (from: string) => {
    if (!view) return;
    setBusy(true);
    const answer = await changeMapping(authorisedFetch, apiUrl, view.id, { unmap: [from] });
    setBusy(false);
    if (answer.ok) {
      setOutcome(answer);
      setNotice({ ok: true, message: `${from} is unmapped: it is listed under Not mapped yet.` });
    } else setNotice({ ok: false, message: `${from} was not unmapped`, refusal: answer });
  };

  const back = <BackLink to={listPath} />;
  if (!view)
    return (
      <Box sx={{ mt: 2, mb: 4, maxWidth: 1200 }}>
        <Title title="Mapping" />
        {back}
        {outcome && !outcome.ok ? (
          <Alert severity="error" role="alert">
            {outcome.message}
          </Alert>
        ) : (
          <Typography role="status">Loading the mapping…</Typography>
        )}
      </Box>
    );
  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1200 }}>
      <Title title={`Mapping ${view.from.code} to ${view.to.code}`} />
      {back}
      <Card>
        <CardContent>
          <MappingHeader
            view={view}
            movePath={movePath}
            onFailed={(message) => setNotice({ ok: false, message })}
          />
          <ChangeNotice notice={notice} />
          <IndicatorList
            heading={`Not mapped yet (${view.unmappedFrom.length})`}
            empty={`Every indicator of ${view.from.code} is mapped.`}
            indicators={view.unmappedFrom}
            onMap={(code) => {
              setRefusal(null);
              setEditing(code);
            }}
          />
          <IndicatorList
            heading={`New in ${view.to.code} (${view.newIndicators.length})`}
            empty={`Every indicator of ${view.to.code} has a source.`}
            indicators={view.newIndicators}
            note="Nothing maps to these: they start unanswered, flagged “New in this edition”."
          />
          <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
            Rows
          </Typography>
          <MappingRows
            view={view}
            busy={busy}
            onChange={(from) => {
              setRefusal(null);
              setEditing(from);
            }}
            onUnmap={(from) => void unmap(from)}
          />
        </CardContent>
      </Card>
      {editing ? (
        <MappingRowDialog
          view={view}
          from={editing}
          busy={busy}
          refusal={refusal}
          onCancel={() => setEditing(null)}
          onSave={(draft) => void save(draft)}
        />
      ) : null}
    </Box>
  );
}

/** Back to the list of mappings. */
function BackLink({ to }: { to: string }) {
  return (
    <MuiLink component={LinkBase} to={to} variant="body2" sx={{ display: 'inline-block', mb: 2 }}>
      Back to the mappings
    </MuiLink>
  );
}

/** The mapping's editions, its coverage and what is left before a move, Export and Move practices. */
function MappingHeader({
  view,
  movePath,
  onFailed,
}: {
  view: TMappingView;
  movePath(id: number): string;
  onFailed(message: string): void;
}) {
  const complete = view.unmappedFrom.length === 0;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        From {view.from.name} ({EDITION_STATUS_LABELS[view.from.status].toLowerCase()}) to {view.to.name} (
        {EDITION_STATUS_LABELS[view.to.status].toLowerCase()})
      </Typography>
      <Typography sx={{ fontWeight: 600 }} id={`coverage-${view.id}`}>
        {coverageText(view.coverage)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={view.coverage.percent}
        aria-labelledby={`coverage-${view.id}`}
        sx={{ my: 1, height: 8, borderRadius: 1, maxWidth: 480 }}
      />
      <Typography variant="body2" sx={{ mb: 2 }}>
        {complete
          ? view.to.status === 'PUBLISHED'
            ? 'Every older indicator is mapped: practices can move to the newer edition.'
            : `Every older indicator is mapped. Publish ${view.to.code} before moving practices to it.`
          : 'A move needs every older indicator mapped: map those listed under Not mapped yet.'}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <MappingExportMenu mapping={view} onFailed={onFailed} />
        <Button size="small" variant="contained" component={LinkBase} to={movePath(view.id)}>
          Move practices
        </Button>
      </Stack>
    </>
  );
}

/** What the last change said: a status, an alert, or a refusal with every problem. */
function ChangeNotice({ notice }: { notice: Notice | null }) {
  return (
    <Box aria-live="polite" sx={{ mt: 2 }}>
      {notice?.refusal ? (
        <EditionProblems
          title={notice.message}
          label="Problems with the change"
          message={notice.refusal.message}
          problems={notice.refusal.problems}
          total={notice.refusal.total}
        />
      ) : notice ? (
        <Alert severity={notice.ok ? 'success' : 'error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.message}
        </Alert>
      ) : null}
    </Box>
  );
}

/** A titled list of indicators (code and name), each with Map when `onMap` is given. */
function IndicatorList({
  heading,
  empty,
  note,
  indicators,
  onMap,
}: {
  heading: string;
  empty: string;
  note?: string;
  indicators: readonly TMappingIndicator[];
  onMap?(code: string): void;
}) {
  return (
    <Box component="section" aria-label={heading} sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {heading}
      </Typography>
      {indicators.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <>
          {note ? (
            <Typography variant="body2" sx={{ mb: 1 }}>
              {note}
            </Typography>
          ) : null}
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', maxWidth: 820 }}>
            {indicators.map((i) => (
              <Box
                component="li"
                key={i.id}
                sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', py: 0.5, flexWrap: 'wrap' }}
              >
                <Typography
                  component="span"
                  variant="body2"
                  sx={{ fontWeight: 600, minWidth: 64 }}
                  id={`indicator-${i.id}`}
                >
                  {i.code}
                </Typography>
                <Typography component="span" variant="body2" sx={{ flex: '1 1 240px' }}>
                  {i.name}
                </Typography>
                {onMap ? (
                  <Button
                    size="small"
                    variant="outlined"
                    aria-describedby={`indicator-${i.id}`}
                    onClick={() => onMap(i.code)}
                  >
                    Map
                  </Button>
                ) : null}
              </Box>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
