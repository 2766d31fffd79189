import { Group, Loader, Pagination, Text } from '@mantine/core';
import { PRACTICE_LIST_PAGE_SIZE } from '@portal/domain';

/** Under the practice table: which rows show of how many (a spinner while a page loads), and the pages. */
export function PracticeListPager({
  total,
  page,
  refreshing,
  onPage,
}: {
  total: number;
  page: number;
  /** A new page is loading while the old rows still show. */
  refreshing: boolean;
  onPage(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil(total / PRACTICE_LIST_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * PRACTICE_LIST_PAGE_SIZE + 1;
  const last = Math.min(total, page * PRACTICE_LIST_PAGE_SIZE);
  return (
    <Group justify="space-between" p="md" gap="sm">
      <Group gap="xs">
        <Text fz="sm" c="dimmed" data-testid="practice-list-range">
          {total > 0 ? `Showing ${first}–${last} of ${total.toLocaleString('en-AU')}` : ''}
        </Text>
        {refreshing ? <Loader size={14} /> : null}
      </Group>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          siblings={1}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      ) : null}
    </Group>
  );
}
