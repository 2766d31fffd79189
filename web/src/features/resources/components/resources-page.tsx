import { Button, Center, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  GENERAL_RESOURCE_PAGES,
  RESOURCE_SEARCH_DEBOUNCE_MS,
  type TGeneralResourceKind,
} from '@portal/domain';
import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { Loading } from '../../../components/loading.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { GetResourcesQuery, type TResourceRow } from '../api/get-resources.ts';
import {
  categoriesOf,
  EMPTY_FILTER,
  filterResources,
  type TResourceFilter,
} from '../model/filter-resources.ts';
import { ResourceFilters } from './resource-filters.tsx';
import { ResourceFormModal } from './resource-form-modal.tsx';
import { ResourcesTable } from './resources-table.tsx';

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
          <ResourceFilters
            title={page.title}
            filter={filter}
            categories={categories}
            canManage={canManage}
            onChange={setFilter}
          />
          {fetching && !data ? (
            <Center py="xl">
              <Loading size="sm" label={`Loading ${page.title.toLowerCase()}`} />
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
