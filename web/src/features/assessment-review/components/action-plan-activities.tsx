import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  ACTION_PLAN_MESSAGES,
  ACTIVITY_DESCRIPTION_MAX_LENGTH,
  ACTIVITY_RESPONSIBLE_MAX_LENGTH,
  canAddActionPlanActivity,
  canChangeActionPlan,
  formatDisplayDate,
  parseDisplayDate,
  ZActionPlanActivitySchema,
} from '@portal/domain';
import { useId } from 'react';
import { useMutation, useQuery } from 'urql';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { TAssessmentAccess } from '../../assessments/index.ts';
import { AddActionPlanActivityMutation } from '../api/add-action-plan-activity.ts';
import { GetActionPlanActivitiesQuery } from '../api/get-action-plan-activities.ts';
import { SetActionPlanActivityStatusMutation } from '../api/set-action-plan-activity-status.ts';

/**
 * The activities of one non-conformity's action plan: a table 'Activities'
 * (description, responsible, due date, status) and, for holders of addActivityToSurveyActionPlan
 * while action is required (`canAddActionPlanActivity`), the 'Add activity' form
 * (`ZActionPlanActivitySchema`); holders of changeActionPlan close and reopen each activity
 * (spec 001 §6 "Activity open/close requires changeActionPlan").
 */
export function ActionPlanActivities({
  responseId,
  access,
}: {
  responseId: number;
  access: TAssessmentAccess;
}) {
  const headingId = useId();
  const [query, refetch] = useQuery({
    query: GetActionPlanActivitiesQuery,
    variables: { responseId },
    requestPolicy: 'cache-and-network',
  });
  const activities = query.data?.action_plan_activities ?? [];
  const mayAdd = canAddActionPlanActivity(access);
  const mayClose = canChangeActionPlan(access);
  const [setState, setStatus] = useMutation(SetActionPlanActivityStatusMutation);
  const toggle = async (id: number, close: boolean) => {
    const result = await setStatus({
      id,
      set: close
        ? { status: 'CLOSED', closed_at: new Date().toISOString(), closed_by_id: access.userId }
        : { status: 'OPEN', closed_at: null, closed_by_id: null },
    });
    if (result.error || !result.data?.update_action_plan_activities_by_pk)
      notifyError(ACTION_PLAN_MESSAGES.activityFailed);
    refetch({ requestPolicy: 'network-only' });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={4} fz="sm" id={headingId}>
        {ACTION_PLAN_MESSAGES.activitiesHeading}
      </Title>
      {activities.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {query.fetching ? 'Loading…' : ACTION_PLAN_MESSAGES.noActivities}
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th>Responsible</Table.Th>
              <Table.Th>Due date</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {activities.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{a.description}</Table.Td>
                <Table.Td>{a.responsible ?? ''}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(a.due_date)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap="xs" wrap="nowrap">
                    {/* Never cut to 'OP…' by a narrow column: the badge keeps its word. */}
                    <Badge
                      size="sm"
                      variant="light"
                      radius="sm"
                      tt="none"
                      color={a.status === 'CLOSED' ? 'teal' : 'orange'}
                      style={{ flexShrink: 0, overflow: 'visible' }}
                      styles={{ label: { overflow: 'visible' } }}
                    >
                      {a.status === 'CLOSED' ? 'Closed' : 'Open'}
                    </Badge>
                    {mayClose ? (
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        disabled={setState.fetching}
                        aria-label={`${a.status === 'CLOSED' ? 'Reopen' : 'Close'} activity: ${a.description}`}
                        onClick={() => void toggle(a.id, a.status !== 'CLOSED')}
                      >
                        {a.status === 'CLOSED' ? 'Reopen' : 'Close'}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {mayAdd ? (
        <AddActivityForm responseId={responseId} onAdded={() => refetch({ requestPolicy: 'network-only' })} />
      ) : null}
    </Stack>
  );
}

function AddActivityForm({ responseId, onAdded }: { responseId: number; onAdded(): void }) {
  const form = useZodForm(ZActionPlanActivitySchema, { description: '', responsible: '', dueDate: '' });
  const [, add] = useMutation(AddActionPlanActivityMutation);
  const submit = form.onSubmit(async (data) => {
    const result = await add({
      object: {
        indicator_response_id: responseId,
        description: data.description,
        responsible: data.responsible ?? null,
        due_date: data.dueDate ?? null,
      },
    });
    if (result.error || !result.data?.insert_action_plan_activities_one) {
      form.setFormError(ACTION_PLAN_MESSAGES.activityFailed);
      return;
    }
    for (const name of ['description', 'responsible', 'dueDate']) form.setValue(name, '');
    notifySuccess(ACTION_PLAN_MESSAGES.activityAdded);
    onAdded();
  });
  const due = form.values.dueDate ?? '';
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="form"
      onSubmit={submit}
      aria-label={ACTION_PLAN_MESSAGES.addActivity}
    >
      <Stack gap="xs">
        <TextInput
          size="sm"
          label="Description"
          withAsterisk
          maxLength={ACTIVITY_DESCRIPTION_MAX_LENGTH}
          {...form.field('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            size="sm"
            label="Responsible"
            maxLength={ACTIVITY_RESPONSIBLE_MAX_LENGTH}
            {...form.field('responsible')}
          />
          <DateInput
            size="sm"
            label="Due date"
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/yy"
            clearable
            value={due === '' ? null : due}
            onChange={(value) => form.setValue('dueDate', value ?? '')}
            dateParser={(text) => parseDisplayDate(text)}
            error={form.errors.dueDate}
          />
        </SimpleGrid>
        {form.formError ? (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" size="compact-sm" loading={form.submitting}>
            {ACTION_PLAN_MESSAGES.addActivity}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
