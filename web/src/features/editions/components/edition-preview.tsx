import { Alert, Box, Card, CardContent, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { EDITION_STATUS_LABELS, type TEditionStatus } from '@portal/domain';
import { useEffect } from 'react';
import { LinkBase, Title, useParams } from 'react-admin';
import { useQuery } from 'urql';
import { GetEditionPreviewQuery } from '../api/get-edition-preview.ts';
import { editionLife } from '../model/edition-life.ts';
import { EditionPreviewSets } from './edition-preview-sets.tsx';

/** What a preview says of the edition's status: what a reader may and may not do with it. */
const STATUS_NOTES: Record<TEditionStatus, string> = {
  DRAFT: 'A draft: no cycle uses it yet. Check it here, then publish it from the list of editions.',
  PUBLISHED: 'Published: cycles use it, and it never changes.',
  RETIRED: 'Retired: kept with the assessments made against it; no new cycle uses it.',
};

/** The preview of the edition the address names (…/editions/:id). */
export function EditionPreviewRoute({ listPath }: { listPath: string }) {
  return <EditionPreview id={Number(useParams().id)} listPath={listPath} />;
}

/**
 * An edition's preview, at …/editions/:id: its standards as the assessment screen will show them
 * (sets, indicators with their text, checklist questions and items with their must-haves,
 * resources), read only, whatever its status. Read through GraphQL as the admin.
 */
export function EditionPreview({ id, listPath }: { id: number; listPath: string }) {
  const valid = Number.isInteger(id) && id > 0;
  const [{ data, fetching, error }] = useQuery({
    query: GetEditionPreviewQuery,
    variables: { id },
    pause: !valid,
    requestPolicy: 'cache-and-network',
  });
  const edition = data?.survey_versions_by_pk;

  useEffect(() => {
    document.title = `${edition ? `Preview of ${edition.code}` : 'Edition preview'} · Admin console`;
  }, [edition]);

  const back = (
    <MuiLink component={LinkBase} to={listPath} variant="body2" sx={{ display: 'inline-block', mb: 2 }}>
      Back to the editions
    </MuiLink>
  );
  if (!edition)
    return (
      <Box sx={{ mt: 2, mb: 4, maxWidth: 1100 }}>
        <Title title="Edition preview" />
        {back}
        {fetching ? (
          <Typography role="status">Loading the edition…</Typography>
        ) : (
          <Alert severity="error" role="alert">
            {error ? `The edition could not be loaded: ${error.message}` : 'There is no such edition.'}
          </Alert>
        )}
      </Box>
    );

  const life = editionLife({
    createdAt: edition.created_at,
    publishedAt: edition.published_at ?? null,
    retiredAt: edition.retired_at ?? null,
    effectiveFrom: edition.effective_from ?? null,
  });
  const status = edition.status as TEditionStatus;
  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1100 }}>
      <Title title={`Preview of ${edition.code}`} />
      {back}
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography component="h2" variant="h5" gutterBottom>
            {edition.code}: {edition.name}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Chip size="small" label={EDITION_STATUS_LABELS[status]} />
            {edition.is_current ? (
              <Chip size="small" label="Current" variant="outlined" color="primary" />
            ) : null}
            <Typography variant="body2" color="text.secondary">
              {life.join(' · ')}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {STATUS_NOTES[status]}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The standards below are shown as the assessment screen shows them to practices and surveyors, read
            only. The assessment screen lists the standards sets; optional modules are shown here too, marked
            as such.
          </Typography>
        </CardContent>
      </Card>
      {edition.indicator_sets.length === 0 ? (
        <Alert severity="warning">This edition has no sets: it cannot be published.</Alert>
      ) : (
        <EditionPreviewSets sets={edition.indicator_sets} />
      )}
    </Box>
  );
}
