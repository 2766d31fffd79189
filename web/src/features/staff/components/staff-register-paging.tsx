import { Group, Pagination, Select, Text } from '@mantine/core';
import { STAFF_PAGE_SIZE, STAFF_PAGE_SIZE_OPTIONS } from '@portal/domain';

/** Under the staff register: how many staff members it holds, the page size and the pages. */
export function StaffRegisterPaging({
  total,
  page,
  pages,
  pageSize,
  onPage,
  onPageSize,
}: {
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  onPage(page: number): void;
  onPageSize(value: string | null): void;
}) {
  return (
    <Group justify="space-between">
      <Text fz="sm" c="dimmed">
        {total === 1 ? '1 staff member' : `${total} staff members`}
      </Text>
      <Group gap="sm">
        <Select
          size="xs"
          w={90}
          aria-label="Rows per page"
          data={STAFF_PAGE_SIZE_OPTIONS.map(String)}
          value={String(pageSize)}
          allowDeselect={false}
          onChange={onPageSize}
        />
        <Pagination size="sm" total={pages} value={page} onChange={onPage} />
      </Group>
    </Group>
  );
}

/** The page size a choice of the register's Rows per page stands for. */
export const pageSizeOf = (value: string | null) => Number(value ?? STAFF_PAGE_SIZE);
