import '@mantine/dates/styles.css';
import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import {
  canPlanSurveyVisits,
  formatDisplayDate,
  formatMonthShort,
  labelOf,
  SURVEY_LEAD_MONTHS,
  SURVEY_PLANNING_MESSAGES,
  TO_PLAN,
  TO_PLAN_LABEL,
  VISIT_STATUS_LABELS,
  VISIT_STATUSES,
  VISIT_TYPE_LABELS,
} from '@portal/domain';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { PageHeader } from '../../../components/page-header.tsx';
import { NotAllowedPage } from '../../../components/route-error-page.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { GetSurveyPlanningQuery, type TPlanningRow } from '../api/get-survey-planning.ts';
import { readPlanningFilter, type TPlanningFilter, writePlanningFilter } from '../model/planning-filter.ts';
import { CreateVisitModal } from './create-visit-modal.tsx';
import { PlanningVisitDrawer } from './planning-visit-drawer.tsx';
import { StatusBadge } from './status-badge.tsx';

const STATUS_OPTIONS = [
  { value: TO_PLAN, label: TO_PLAN_LABEL },
  ...VISIT_STATUSES.map((value) => ({ value, label: VISIT_STATUS_LABELS[value] })),
];

export const LATE_LABEL = 'Too late';
export const LATE_HINT = `Not scheduled at least ${SURVEY_LEAD_MONTHS} months before the accreditation expires`;

/** /SurveyVisits/Planning (spec 000 §2): QAM and provider admin only. */
export function SurveyPlanningPage() {
  const { flags } = useCurrentUser();
  if (!canPlanSurveyVisits(flags)) return <NotAllowedPage message={SURVEY_PLANNING_MESSAGES.notAllowed} />;
  return <PlanningList />;
}

/**
 * The visits to plan, from every open accreditation (issue 15): filters in the URL, a row per visit
 * and a "to plan" row with Create visit for a cycle without one, the too-late flag; a visit's row
 * opens its planning drawer (`?visit=`).
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
  const qamOptions = useMemo(
    () => (planning?.qams ?? []).map((q) => ({ value: String(q.id), label: q.name })),
    [planning?.qams],
  );
  const stateOptions = useMemo(
    () => (data?.states ?? []).map((s) => ({ value: s.value, label: s.value })),
    [data?.states],
  );
  const filtered = !!(filter.state || filter.qamId || filter.dueMonth || filter.status);

  return (
    <>
      <PageHeader
        title="Survey visit planning"
        description="Plan the survey visits of open accreditations: create a visit, offer it to surveyors, gather their days, make it final and send the confirmation."
      />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="State"
              placeholder="All states"
              data={stateOptions}
              value={filter.state}
              onChange={(value) => setFilter({ state: value })}
              clearable
              w={140}
            />
            <Select
              label="QAM"
              placeholder="All QAMs"
              data={qamOptions}
              value={filter.qamId ? String(filter.qamId) : null}
              onChange={(value) => setFilter({ qamId: value ? Number(value) : null })}
              clearable
              searchable
              w={210}
            />
            <MonthPickerInput
              label="Due month"
              placeholder="Any month"
              valueFormat="MMM YYYY"
              value={filter.dueMonth ? `${filter.dueMonth}-01` : null}
              onChange={(value) => setFilter({ dueMonth: value ? value.slice(0, 7) : null })}
              clearable
              w={170}
            />
            <Select
              label="Status"
              placeholder="All statuses"
              data={STATUS_OPTIONS}
              value={filter.status}
              onChange={(value) => setFilter({ status: value })}
              clearable
              w={230}
            />
            {filtered ? (
              <Button
                variant="subtle"
                onClick={() => setFilter({ state: null, qamId: null, dueMonth: null, status: null })}
              >
                Clear filters
              </Button>
            ) : null}
          </Group>
          {fetching && !data ? (
            <Center py="xl">
              <Loader size="sm" aria-label="Loading the visits to plan" />
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

function PlanningTable({
  rows,
  onCreate,
  onOpen,
}: {
  rows: readonly TPlanningRow[];
  onCreate(row: TPlanningRow): void;
  onOpen(visitId: number): void;
}) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Survey visits to plan">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Practice</Table.Th>
            <Table.Th>QAM</Table.Th>
            <Table.Th>Expiry</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Visit</Table.Th>
            <Table.Th>Accepted</Table.Th>
            <Table.Th>
              <VisuallyHidden>Action</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.accreditationId}-${row.visitId ?? 'new'}`}>
              <Table.Td>
                <Text fz="sm" fw={600}>
                  {row.practiceName}
                </Text>
                <Text fz="xs" c="dimmed">
                  {[row.suburb, row.state].filter(Boolean).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                {row.qamName ?? (
                  <Text fz="sm" c="dimmed">
                    None
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDisplayDate(row.expiryDate)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <span>{formatMonthShort(row.visitDate ?? row.visitDue ?? row.surveyVisitDue)}</span>
                  {row.scheduledTooLate ? (
                    <Tooltip label={LATE_HINT}>
                      <Badge color="red" variant="light" size="sm" aria-label={`${LATE_LABEL}: ${LATE_HINT}`}>
                        {LATE_LABEL}
                      </Badge>
                    </Tooltip>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                {row.visitType ? <Text fz="sm">{labelOf(VISIT_TYPE_LABELS, row.visitType)}</Text> : null}
                <StatusBadge status={row.visitId ? row.visitStatus : null} />
              </Table.Td>
              <Table.Td>
                {row.visitId ? (
                  <Text fz="sm">
                    {row.accepted} of {row.offered}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {row.visitId ? (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onOpen(row.visitId!)}
                    aria-label={`Plan the visit to ${row.practiceName}`}
                  >
                    Plan
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    onClick={() => onCreate(row)}
                    aria-label={`Create visit for ${row.practiceName}`}
                  >
                    Create visit
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
