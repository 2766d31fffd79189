import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  GENERAL_RESOURCE_PAGES,
  RESOURCE_MESSAGES,
  RESOURCE_SEARCH_DEBOUNCE_MS,
  type TGeneralResourceKind,
} from '@portal/domain';
import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { FileIcon, LinkIcon, PencilIcon } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useResourceDownload } from '../../../lib/upload/use-resource-download.ts';
import { ArchiveResourceMutation } from '../api/archive-resource.ts';
import { GetResourcesQuery, type TResourceRow } from '../api/get-resources.ts';
import {
  audienceOf,
  categoriesOf,
  EMPTY_FILTER,
  filterResources,
  type TResourceFilter,
} from '../model/filter-resources.ts';
import { ResourceFormModal } from './resource-form-modal.tsx';

const DESCRIPTIONS: Record<TGeneralResourceKind, string> = {
  RESOURCE: 'Templates, standards and references for practices and surveyors.',
  FACTSHEET: 'Short guides to the standards and the accreditation process.',
};

/** /Resources: the general resources the user may read. */
export function ResourcesPage() {
  return <GeneralResourcesPage kind="RESOURCE" />;
}

/** /Factsheets: the factsheets the user may read. */
export function FactsheetsPage() {
  return <GeneralResourcesPage kind="FACTSHEET" />;
}

/**
 * One list of resources or factsheets (spec 000 §2; spec 002 §2 visibility, decided by the
 * server): search (debounced), type and category; a link opens in a new tab, a file downloads
 * with the spec's download words. The provider admin adds, edits, archives and restores.
 */
function GeneralResourcesPage({ kind }: { kind: TGeneralResourceKind }) {
  const page = GENERAL_RESOURCE_PAGES[kind];
  const user = useCurrentUser();
  const canManage = user.flags.admin;
  const [{ data, fetching, error }, reload] = useQuery({ query: GetResourcesQuery, variables: { kind } });
  const [filter, setFilter] = useState<TResourceFilter>(EMPTY_FILTER);
  const [search] = useDebouncedValue(filter.search, RESOURCE_SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<TResourceRow | 'new' | null>(null);
  const rows = data?.indicator_resources ?? [];
  const categories = useMemo(() => categoriesOf(rows), [rows]);
  const shown = useMemo(() => filterResources(rows, { ...filter, search }), [rows, filter, search]);
  const refresh = () => reload({ requestPolicy: 'network-only' });

  return (
    <>
      <PageHeader
        title={page.title}
        description={DESCRIPTIONS[kind]}
        actions={canManage ? <Button onClick={() => setEditing('new')}>Add {page.one}</Button> : null}
      />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={`Search ${page.title.toLowerCase()}`}
              placeholder="Name or description"
              value={filter.search}
              onChange={(e) => setFilter({ ...filter, search: e.currentTarget.value })}
              style={{ flex: '1 1 240px' }}
            />
            <Select
              label="Type"
              data={[
                { value: 'all', label: 'Files and links' },
                { value: 'file', label: 'Files' },
                { value: 'link', label: 'Links' },
              ]}
              value={filter.type}
              onChange={(value) =>
                setFilter({ ...filter, type: (value as TResourceFilter['type']) ?? 'all' })
              }
              allowDeselect={false}
              w={170}
            />
            <Select
              label="Category"
              placeholder="All categories"
              data={categories}
              value={filter.category}
              onChange={(value) => setFilter({ ...filter, category: value })}
              clearable
              w={200}
            />
            {canManage ? (
              <Switch
                label="Show archived"
                checked={filter.showArchived}
                onChange={(e) => setFilter({ ...filter, showArchived: e.currentTarget.checked })}
                mb={8}
              />
            ) : null}
          </Group>
          {fetching && !data ? (
            <Center py="xl">
              <Loader size="sm" aria-label={`Loading ${page.title.toLowerCase()}`} />
            </Center>
          ) : error && !data ? (
            <Text c="red" role="alert">
              The {page.title.toLowerCase()} could not be loaded, please try again.
            </Text>
          ) : shown.length === 0 ? (
            <Text c="dimmed" py="lg" ta="center">
              {rows.length === 0
                ? `There are no ${page.title.toLowerCase()} for you yet.`
                : `No ${page.title.toLowerCase()} match.`}
            </Text>
          ) : (
            <ResourcesTable
              label={page.title}
              rows={shown}
              canManage={canManage}
              onEdit={setEditing}
              onChanged={refresh}
              kind={kind}
            />
          )}
        </Stack>
      </Paper>
      {editing ? (
        <ResourceFormModal
          kind={kind}
          resource={editing === 'new' ? null : editing}
          categories={categories}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}

function ResourcesTable({
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
                        onClick={() => void download(row.id)}
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
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit ${row.name}`}
                      onClick={() => onEdit(row)}
                    >
                      <PencilIcon size={16} />
                    </ActionIcon>
                    {row.archived ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => void setArchived(row, false)}
                        aria-label={`Restore ${row.name}`}
                      >
                        Restore
                      </Button>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="gray"
                        onClick={() => void setArchived(row, true)}
                        aria-label={`Archive ${row.name}`}
                      >
                        Archive
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
