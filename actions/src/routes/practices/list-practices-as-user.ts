import {
  PRACTICE_LIST_ORDER_BY,
  PRACTICE_LIST_ROW_FIELDS,
  type PracticeListQuery,
  type PracticeListRow,
  practiceListWhere,
} from '@portal/domain';
import { AppError } from '../../errors/app-error.ts';

/** How many practices one engine request reads (20,000 rows are 10 requests). */
export const CSV_PAGE_SIZE = 2000;

const QUERY = `query PracticeListCsv($where: practices_bool_exp!, $orderBy: [practices_order_by!], $limit: Int!, $offset: Int!) {
  practices(where: $where, order_by: $orderBy, limit: $limit, offset: $offset) { ${PRACTICE_LIST_ROW_FIELDS} }
}`;

export interface EngineCaller {
  graphqlUrl: string;
  /** The caller's own headers: Authorization and, when given, x-hasura-role. */
  headers: Record<string, string>;
}

/** One page of the filtered list, read from the engine AS THE USER (their permissions apply). */
async function fetchPage(
  caller: EngineCaller,
  where: Record<string, unknown>,
  offset: number,
  limit: number,
): Promise<PracticeListRow[]> {
  let response: Response;
  try {
    response = await fetch(caller.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...caller.headers },
      body: JSON.stringify({
        query: QUERY,
        variables: { where, orderBy: PRACTICE_LIST_ORDER_BY, limit, offset },
      }),
    });
  } catch (error) {
    throw new AppError('internal', { cause: error });
  }
  const body = (await response.json().catch(() => ({}))) as {
    data?: { practices: PracticeListRow[] };
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  };
  if (body.errors?.length || !body.data) {
    const code = body.errors?.[0]?.extensions?.code;
    if (code === 'invalid-jwt' || code === 'invalid-headers' || response.status === 401) {
      throw new AppError('token_not_valid');
    }
    if (code === 'access-denied') throw new AppError('forbidden');
    throw new AppError('internal', { cause: new Error(JSON.stringify(body.errors ?? body)) });
  }
  return body.data.practices;
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
