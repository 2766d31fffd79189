import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { GENERAL_RESOURCE_PAGES, RESOURCE_MESSAGES, type TGeneralResourceKind } from '@portal/domain';
import { useMutation } from 'urql';
import { FileIcon, LinkIcon, PencilIcon } from '../../../components/icons.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useResourceDownload } from '../../../lib/upload/use-resource-download.ts';
import { ArchiveResourceMutation } from '../api/archive-resource.ts';
import type { TResourceRow } from '../api/get-resources.ts';
import { audienceOf } from '../model/filter-resources.ts';

/**
 * The table of resources or factsheets: each name a link (new tab) or a download, its category
 * and type; for the provider admin also who sees it, Edit, and Archive or Restore.
 */
export function ResourcesTable({
  label,
  rows,
  canManage,
  onEdit,
  onChanged,
  kind,
}: {
  label: string;
  rows: readonly TResourceRow[];
  canManage: boolean;
  onEdit: (row: TResourceRow) => void;
  onChanged: () => void;
  kind: TGeneralResourceKind;
}) {
  const { download, busy } = useResourceDownload();
  const [, archive] = useMutation(ArchiveResourceMutation);
  const one = GENERAL_RESOURCE_PAGES[kind].one;
  const setArchived = async (row: TResourceRow, archived: boolean) => {
    const result = await archive({ resourceId: row.id, archived });
    if (result.error || !result.data) {
      notifyError(result.error?.graphQLErrors[0]?.message ?? RESOURCE_MESSAGES.archiveFailed(one));
      return;
    }
    notifySuccess(result.data.archiveResource.message);
    onChanged();
  };

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Type</Table.Th>
            {canManage ? <Table.Th>For</Table.Th> : null}
            {canManage ? (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <ResourceName row={row} busy={busy} onDownload={(id) => void download(id)} />
              </Table.Td>
              <Table.Td>{row.category}</Table.Td>
              <Table.Td>
                <Text fz="sm">{row.url ? 'Link' : (row.file_type?.toUpperCase() ?? 'File')}</Text>
              </Table.Td>
              {canManage ? (
                <Table.Td>
                  <Text fz="sm">{audienceOf(row)}</Text>
                </Table.Td>
              ) : null}
              {canManage ? (
                <Table.Td>
                  <ResourceActions
                    row={row}
                    onEdit={onEdit}
                    onArchived={(archived) => void setArchived(row, archived)}
                  />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A resource's name cell: its icon, the link or download, its description and Archived. */
function ResourceName({
  row,
  busy,
  onDownload,
}: {
  row: TResourceRow;
  busy: boolean;
  onDownload(resourceId: number): void;
}) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} component="span" aria-hidden>
        {row.url ? <LinkIcon size={16} /> : <FileIcon size={16} />}
      </Text>
      <Stack gap={2}>
        {row.url ? (
          <Anchor href={row.url} target="_blank" rel="noopener noreferrer" fw={500}>
            {row.name}
            <Text span fz="xs" c="dimmed" fw={400}>
              {' '}
              (opens in a new tab)
            </Text>
          </Anchor>
        ) : (
          <Anchor
            component="button"
            type="button"
            fw={500}
            ta="left"
            disabled={busy}
            onClick={() => onDownload(row.id)}
            aria-label={`Download ${row.name}`}
          >
            {row.name}
          </Anchor>
        )}
        {row.description ? (
          <Text fz="sm" c="dimmed">
            {row.description}
          </Text>
        ) : null}
      </Stack>
      {row.archived ? (
        <Badge color="gray" variant="light" ml="auto">
          Archived
        </Badge>
      ) : null}
    </Group>
  );
}

/** The provider admin's buttons of a resource: Edit, and Archive or Restore. */
function ResourceActions({
  row,
  onEdit,
  onArchived,
}: {
  row: TResourceRow;
  onEdit: (row: TResourceRow) => void;
  onArchived(archived: boolean): void;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${row.name}`} onClick={() => onEdit(row)}>
        <PencilIcon size={16} />
      </ActionIcon>
      {row.archived ? (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => onArchived(false)}
          aria-label={`Restore ${row.name}`}
        >
          Restore
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          onClick={() => onArchived(true)}
          aria-label={`Archive ${row.name}`}
        >
          Archive
        </Button>
      )}
    </Group>
  );
}
