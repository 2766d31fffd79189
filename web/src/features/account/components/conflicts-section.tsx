import '@mantine/dates/styles.css';
import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { CONFLICT_DECLARATION, formatDisplayDate } from '@portal/domain';
import { useMutation, useQuery } from 'urql';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { PortalError } from '../../../lib/errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ArchiveConflictMutation } from '../api/archive-conflict.ts';
import { GetConflictsQuery, type TConflict } from '../api/get-conflicts.ts';
import { DeclareConflictForm } from './declare-conflict-form.tsx';

function period(conflict: TConflict): string {
  const from = formatDisplayDate(conflict.from_date);
  const to = formatDisplayDate(conflict.to_date);
  if (from && to) return `${from} to ${to}`;
  if (from) return `since ${from}`;
  if (to) return `until ${to}`;
  return 'Not given';
}

/**
 * Account settings, surveyors only: the practices and networks they declared a conflict of
 * interest with (planning never offers them visits there), declare one, archive one.
 */
export function ConflictsSection() {
  const user = useCurrentUser();
  const [{ data, error }, refetch] = useQuery({
    query: GetConflictsQuery,
    variables: { userId: user.id },
    requestPolicy: 'cache-and-network',
  });
  const [{ fetching: archiving }, archive] = useMutation(ArchiveConflictMutation);
  const conflicts = data?.surveyor_conflicts ?? [];
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const onArchive = async (conflict: TConflict) => {
    const result = await archive({ conflictId: conflict.id });
    if (result.error) notifyError(PortalError.fromCombinedError(result.error).message);
    else notifySuccess(result.data?.archiveConflict.message ?? 'Archived.');
    reload();
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="conflicts-heading">
      <Stack gap={4}>
        <Title order={2} fz="lg" id="conflicts-heading">
          Conflicts of interest
        </Title>
        <Text fz="sm">{CONFLICT_DECLARATION}</Text>
      </Stack>
      {error ? (
        <Text fz="sm" c="red.9">
          {PortalError.fromCombinedError(error).message}
        </Text>
      ) : conflicts.length === 0 ? (
        <Text fz="sm" c="dimmed">
          You have not declared any conflicts of interest.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label="Your declared conflicts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Practice or network</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {conflicts.map((conflict) => (
                <Table.Tr key={conflict.id}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {conflict.subject_name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {conflict.network_id ? 'Network' : (conflict.subject_suburb ?? 'Practice')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{conflict.reason}</Table.Td>
                  <Table.Td>{period(conflict)}</Table.Td>
                  <Table.Td>
                    {conflict.archived ? (
                      <Badge
                        color="gray"
                        variant="light"
                        styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                      >
                        Archived
                      </Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="default"
                        loading={archiving}
                        onClick={() => onArchive(conflict)}
                        aria-label={`Archive the conflict with ${conflict.subject_name}`}
                      >
                        Archive
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DeclareConflictForm onDeclared={reload} />
    </Stack>
  );
}
