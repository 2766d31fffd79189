import {
  PRACTICE_LIST_ORDER_BY,
  PRACTICE_LIST_ROW_FIELDS,
  type PracticeListQuery,
  type PracticeListRow,
  practiceListWhere,
} from '@portal/domain';
import { type EngineCaller, queryAsUser } from '../../lib/engine-as-user.ts';

/** How many practices one engine request reads (20,000 rows are 10 requests). */
export const CSV_PAGE_SIZE = 2000;

const QUERY = `query PracticeListCsv($where: practices_bool_exp!, $orderBy: [practices_order_by!], $limit: Int!, $offset: Int!) {
  practices(where: $where, order_by: $orderBy, limit: $limit, offset: $offset) { ${PRACTICE_LIST_ROW_FIELDS} }
}`;

/** One page of the filtered list, read from the engine AS THE USER (their permissions apply). */
async function fetchPage(
  caller: EngineCaller,
  where: Record<string, unknown>,
  offset: number,
  limit: number,
): Promise<PracticeListRow[]> {
  const data = await queryAsUser<{ practices: PracticeListRow[] }>(caller, QUERY, {
    where,
    orderBy: PRACTICE_LIST_ORDER_BY,
    limit,
    offset,
  });
  return data.practices;
}

/**
 * Every practice of the filtered list, in list order, page by page: the same bool_exp and
 * ordering as the web list, so the CSV is exactly what the list shows. The first page is read
 * before anything is returned, so an authorisation problem is still an HTTP error.
 */
export async function listPracticesAsUser(
  caller: EngineCaller,
  query: Pick<PracticeListQuery, 'search' | 'filters' | 'state' | 'network'>,
  today: string,
  pageSize = CSV_PAGE_SIZE,
): Promise<AsyncGenerator<PracticeListRow[]>> {
  const where = practiceListWhere(query, today);
  const first = await fetchPage(caller, where, 0, pageSize);
  return (async function* pages() {
    let page = first;
    let offset = 0;
    while (true) {
      if (page.length > 0) yield page;
      if (page.length < pageSize) return;
      offset += pageSize;
      page = await fetchPage(caller, where, offset, pageSize);
    }
  })();
}
