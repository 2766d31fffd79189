import { STAFF_PAGE_SIZE } from '@portal/domain';
import { useEffect, useState } from 'react';

/**
 * The staff register's paging: the page and the page size, the number of pages for `total` rows
 * (a page past the last moves back to it), and the total told to `onTotal` as it changes.
 */
export function useStaffPages(total: number, onTotal?: (total: number) => void) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(STAFF_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  useEffect(() => onTotal?.(total), [total, onTotal]);
  return { page, setPage, pageSize, setPageSize, pages };
}
