import type { TResourceRow } from '../api/get-resources.ts';

/** What the list shows: a search, a type (file or link), a category, and archived ones (admins). */
export interface TResourceFilter {
  search: string;
  type: 'all' | 'file' | 'link';
  category: string | null;
  showArchived: boolean;
}

export const EMPTY_FILTER: TResourceFilter = { search: '', type: 'all', category: null, showArchived: false };

/** The rows matching the filter: the search in the name, category or description, any case. */
export function filterResources(rows: readonly TResourceRow[], filter: TResourceFilter): TResourceRow[] {
  const words = filter.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (row.archived && !filter.showArchived) return false;
    if (filter.type === 'file' && row.url) return false;
    if (filter.type === 'link' && !row.url) return false;
    if (filter.category && row.category !== filter.category) return false;
    const text = `${row.name} ${row.category ?? ''} ${row.description ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The categories of the rows, sorted, each once. */
export function categoriesOf(rows: readonly TResourceRow[]): string[] {
  return [...new Set(rows.map((row) => row.category).filter((c): c is string => !!c))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/** Who a resource is for, in words. */
export function audienceOf(row: Pick<TResourceRow, 'for_pm' | 'for_surveyor'>): string {
  if (row.for_pm && row.for_surveyor) return 'Practice managers and surveyors';
  if (row.for_pm) return 'Practice managers';
  if (row.for_surveyor) return 'Surveyors';
  return 'Administrators only';
}
