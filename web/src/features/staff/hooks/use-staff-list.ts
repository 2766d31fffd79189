import { useDebouncedValue } from '@mantine/hooks';
import {
  DEFAULT_STAFF_SEARCH_FIELD,
  staffWhere,
  type TStaffEmploymentFilter,
  type TStaffSearchField,
  type TStaffTypeFilter,
} from '@portal/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from 'urql';
import type { ClientLog } from '../../../lib/client-log.ts';
import { useServices } from '../../../lib/services.tsx';
import { GetStaffQuery } from '../api/get-staff.ts';
import { missingDocuments, type TStaffRow } from '../model/staff-row.ts';

/** The staff search waits for a pause in typing before asking the server. */
export const STAFF_SEARCH_DEBOUNCE_MS = 300;

export interface TStaffFilters {
  search: string;
  field: TStaffSearchField;
  type: TStaffTypeFilter;
  employment: TStaffEmploymentFilter;
}

/** What was logged already: each missing document once per page load, not on every refetch. */
const reportedMissing = new Set<string>();

/**
 * Spec 000 §8 'Staff document missing | logged only': a row pointing at a document that did not
 * come back is logged (staff id, field, document id) and shows no file; the user sees no message.
 */
export function logMissingDocuments(rows: readonly TStaffRow[], log: ClientLog) {
  for (const row of rows)
    for (const { field, documentId } of missingDocuments(row)) {
      const key = `${row.id}:${field}:${documentId}`;
      if (reportedMissing.has(key)) continue;
      reportedMissing.add(key);
      log('error', 'Staff document missing', { staffId: row.id, field, documentId });
    }
}

/** The practice's staff, filtered on the server by the search box and the two extra filters. */
export function useStaffList(practiceId: number) {
  const [filters, setFilters] = useState<TStaffFilters>({
    search: '',
    field: DEFAULT_STAFF_SEARCH_FIELD,
    type: 'any',
    employment: 'any',
  });
  const [search] = useDebouncedValue(filters.search, STAFF_SEARCH_DEBOUNCE_MS);
  const where = useMemo(
    () =>
      staffWhere({
        practiceId,
        search,
        field: filters.field,
        type: filters.type,
        employment: filters.employment,
      }),
    [practiceId, search, filters.field, filters.type, filters.employment],
  );
  const [result, reexecute] = useQuery({
    query: GetStaffQuery,
    variables: { where },
    requestPolicy: 'cache-and-network',
  });
  const refetch = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  const rows = result.data?.practice_staff;
  const { log } = useServices();
  useEffect(() => {
    if (rows) logMissingDocuments(rows, log);
  }, [rows, log]);
  return {
    filters,
    setFilters,
    rows: rows ?? [],
    fetching: result.fetching && !result.data,
    error: result.error,
    refetch,
  };
}
