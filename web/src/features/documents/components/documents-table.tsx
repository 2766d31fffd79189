import {
  ActionIcon,
  Anchor,
  Badge,
  Checkbox,
  Group,
  Pagination,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  DOCUMENTS_PAGE_SIZE,
  DOCUMENTS_SCREEN_MESSAGES,
  formatDisplayDate,
  formatFileSize,
  shortenFileName,
} from '@portal/domain';
import { EvidenceStateBadge } from '../../../components/evidence-state-badge.tsx';
import { PencilIcon } from '../../../components/icons.tsx';
import type { TDocumentRow } from '../api/get-documents.ts';
import { formatDocumentDate } from '../model/format-document-date.ts';
import classes from './documents.module.css';

/**
 * The documents of the open folder or of a search (spec 002 §2): Document, Date, File Size
 * (and Folder for a search), newest first, a checkbox per row and one for the page, and paging.
 * A name of 10 or more characters shows shortened; the whole name is its tooltip and what it
 * reads. Clicking a name downloads the document; one whose file is missing from storage shows
 * Unavailable (and its download says why). Who may change the practice edits a document's dates
 * from its Review date cell (`onEditDates`).
 */
export function DocumentsTable({
  caption,
  rows,
  total,
  page,
  onPage,
  showFolder,
  selected,
  onSelect,
  onDownload,
  downloading,
  onEditDates,
}: {
  caption: string;
  rows: readonly TDocumentRow[];
  total: number;
  page: number;
  onPage(page: number): void;
  showFolder: boolean;
  selected: { has(id: number): boolean };
  onSelect(ids: readonly number[], selected: boolean): void;
  onDownload(row: TDocumentRow): void;
  downloading: boolean;
  /** Opens the row's 'Document dates' dialog; absent for who may not change them. */
  onEditDates?: (row: TDocumentRow) => void;
}) {
  const pageIds = rows.map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const pages = Math.max(1, Math.ceil(total / DOCUMENTS_PAGE_SIZE));
  return (
    <>
      <Table.ScrollContainer minWidth={680}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all documents on this page"
                  checked={rows.length > 0 && selectedOnPage === rows.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                  disabled={rows.length === 0}
                  onChange={(event) => onSelect(pageIds, event.currentTarget.checked)}
                />
              </Table.Th>
              <Table.Th>Document</Table.Th>
              {showFolder ? <Table.Th>Folder</Table.Th> : null}
              <Table.Th>Date</Table.Th>
              <Table.Th>Review date</Table.Th>
              <Table.Th ta="right">File Size</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const short = shortenFileName(row.name);
              return (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${row.name}`}
                      checked={selected.has(row.id)}
                      onChange={(event) => onSelect([row.id], event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td className={classes.name}>
                    <Group gap={8} wrap="nowrap">
                      <Tooltip label={row.name} withinPortal>
                        {/* The shortened name shows (spec 002 §2); the whole one is what it reads. */}
                        <Anchor
                          component="button"
                          type="button"
                          fz="sm"
                          disabled={downloading}
                          onClick={() => onDownload(row)}
                        >
                          <span aria-hidden="true" data-short-name>
                            {short}
                          </span>
                          <VisuallyHidden>{row.name}</VisuallyHidden>
                        </Anchor>
                      </Tooltip>
                      {row.object_missing_at ? (
                        <Badge color="red" variant="light" size="sm">
                          {DOCUMENTS_SCREEN_MESSAGES.unavailable}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  {showFolder ? <Table.Td>{row.folder.name}</Table.Td> : null}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDocumentDate(row.created_at)}</Table.Td>
                  <ReviewDateCell row={row} onEdit={onEditDates} />
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatFileSize(row.file_size === null ? null : Number(row.file_size))}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? (
        <Group justify="space-between">
          <Text fz="sm" c="dimmed">
            {(page - 1) * DOCUMENTS_PAGE_SIZE + 1}–{Math.min(page * DOCUMENTS_PAGE_SIZE, total)} of {total}
          </Text>
          <Pagination
            value={page}
            onChange={onPage}
            total={pages}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        </Group>
      ) : null}
    </>
  );
}

/**
 * A document's review date (dd/MM/yyyy), its state in words beside it (docs/decisions/evidence.md),
 * and the button that edits its dates.
 */
function ReviewDateCell({ row, onEdit }: { row: TDocumentRow; onEdit?: (row: TDocumentRow) => void }) {
  const date = row.review_date as string | null;
  return (
    <Table.Td style={{ whiteSpace: 'nowrap' }}>
      <Group gap={6} wrap="nowrap">
        {formatDisplayDate(date)}
        <EvidenceStateBadge date={date} />
        {onEdit ? (
          <Tooltip label="Edit dates" withinPortal>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Edit dates of ${row.name}`}
              onClick={() => onEdit(row)}
            >
              <PencilIcon size={14} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Table.Td>
  );
}
