import '@mantine/dates/styles.css';
import { Center, Paper, Stack, Text } from '@mantine/core';
import { canPlanSurveyVisits, SURVEY_PLANNING_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { Loading } from '../../../components/loading.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { NotAllowedPage } from '../../../components/route-error-page.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { GetSurveyPlanningQuery, type TPlanningRow } from '../api/get-survey-planning.ts';
import { readPlanningFilter, type TPlanningFilter, writePlanningFilter } from '../model/planning-filter.ts';
import { CreateVisitModal } from './create-visit-modal.tsx';
import { isFiltered, PlanningFilters } from './planning-filters.tsx';
import { PlanningTable } from './planning-table.tsx';
import { PlanningVisitDrawer } from './planning-visit-drawer.tsx';

/** /SurveyVisits/Planning (spec 000 §2): QAM and provider admin only. */
export function SurveyPlanningPage() {
  const { flags } = useCurrentUser();
  if (!canPlanSurveyVisits(flags)) return <NotAllowedPage message={SURVEY_PLANNING_MESSAGES.notAllowed} />;
  return <PlanningList />;
}

/**
 * The visits to plan, from every open accreditation (docs/decisions/survey-planning.md): filters in
 * the URL, a row per visit and a "to plan" row with Create visit for a cycle without one, the
 * too-late flag; a visit's row opens its planning drawer (`?visit=`).
 */
function PlanningList() {
  const [params, setParams] = useSearchParams();
  const filter = readPlanningFilter(params);
  const setFilter = (change: Partial<TPlanningFilter>) =>
    setParams(writePlanningFilter({ ...filter, ...change }), { replace: true });
  const variables = {
    state: filter.state,
    qamId: filter.qamId,
    dueMonth: filter.dueMonth,
    status: filter.status,
  };
  const [{ data, fetching, error }, reload] = useQuery({ query: GetSurveyPlanningQuery, variables });
  const [creating, setCreating] = useState<TPlanningRow | null>(null);
  const refresh = () => reload({ requestPolicy: 'network-only' });
  const planning = data?.surveyPlanning;
  const filtered = isFiltered(filter);

  return (
    <>
      <PageHeader
        title="Survey visit planning"
        description="Plan the survey visits of open accreditations: create a visit, offer it to surveyors, gather their days, make it final and send the confirmation."
      />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <PlanningFilters
            filter={filter}
            setFilter={setFilter}
            states={data?.states ?? []}
            qams={planning?.qams ?? []}
          />
          {fetching && !data ? (
            <Center py="xl">
              <Loading size="sm" label="Loading the visits to plan" />
            </Center>
          ) : error && !data ? (
            <Text c="red" role="alert">
              {error.graphQLErrors[0]?.message ?? 'The visits to plan could not be loaded, please try again.'}
            </Text>
          ) : !planning || planning.rows.length === 0 ? (
            <Text c="dimmed" py="lg" ta="center">
              {filtered ? 'No visits match these filters.' : 'There are no open accreditations to plan.'}
            </Text>
          ) : (
            <PlanningTable
              rows={planning.rows}
              onCreate={setCreating}
              onOpen={(visitId) => setFilter({ visitId })}
            />
          )}
          {planning?.limited ? (
            <Text fz="sm" c="dimmed">
              Only the first {planning.rows.length} rows are shown: filter to see the others.
            </Text>
          ) : null}
        </Stack>
      </Paper>
      {creating ? (
        <CreateVisitModal
          row={creating}
          reasons={data?.reasons ?? []}
          onClose={() => setCreating(null)}
          onCreated={(visitId) => {
            setCreating(null);
            refresh();
            setFilter({ visitId });
          }}
        />
      ) : null}
      {filter.visitId ? (
        <PlanningVisitDrawer
          visitId={filter.visitId}
          reasons={data?.reasons ?? []}
          onClose={() => setFilter({ visitId: null })}
          onChanged={refresh}
        />
      ) : null}
    </>
  );
}
