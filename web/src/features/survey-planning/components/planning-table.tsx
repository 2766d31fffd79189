import { Badge, Button, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  creatableVisitTypes,
  formatDisplayDate,
  formatMonthShort,
  labelOf,
  SURVEY_LEAD_MONTHS,
  VISIT_TYPE_LABELS,
} from '@portal/domain';
import type { TPlanningRow } from '../api/get-survey-planning.ts';
import { StatusBadge } from './status-badge.tsx';

export const LATE_LABEL = 'Too late';
export const LATE_HINT = `Not scheduled at least ${SURVEY_LEAD_MONTHS} months before the accreditation expires`;

/**
 * The table of visits to plan: the practice, its QAM, the expiry, the due month (flagged when it
 * is too late), the visit's type and status, the offers accepted, and Plan or Create visit; a
 * visit's row also offers another visit of its cycle while a type is free (at most one open visit
 * of a type, `creatableVisitTypes`).
 */
export function PlanningTable({
  rows,
  onCreate,
  onOpen,
}: {
  rows: readonly TPlanningRow[];
  onCreate(row: TPlanningRow): void;
  onOpen(visitId: number): void;
}) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Survey visits to plan">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Practice</Table.Th>
            <Table.Th>QAM</Table.Th>
            <Table.Th>Expiry</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Visit</Table.Th>
            <Table.Th>Accepted</Table.Th>
            <Table.Th>
              <VisuallyHidden>Action</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.accreditationId}-${row.visitId ?? 'new'}`}>
              <Table.Td>
                <Text fz="sm" fw={600}>
                  {row.practiceName}
                </Text>
                <Text fz="xs" c="dimmed">
                  {[row.suburb, row.state].filter(Boolean).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                {row.qamName ?? (
                  <Text fz="sm" c="dimmed">
                    None
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDisplayDate(row.expiryDate)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <span>{formatMonthShort(row.visitDate ?? row.visitDue ?? row.surveyVisitDue)}</span>
                  {row.scheduledTooLate ? (
                    <Tooltip label={LATE_HINT}>
                      <Badge color="red" variant="light" size="sm" aria-label={`${LATE_LABEL}: ${LATE_HINT}`}>
                        {LATE_LABEL}
                      </Badge>
                    </Tooltip>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                {row.visitType ? <Text fz="sm">{labelOf(VISIT_TYPE_LABELS, row.visitType)}</Text> : null}
                <StatusBadge status={row.visitId ? row.visitStatus : null} />
              </Table.Td>
              <Table.Td>
                {row.visitId ? (
                  <Text fz="sm">
                    {row.accepted} of {row.offered}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {row.visitId ? (
                  <Group gap={6} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onOpen(row.visitId!)}
                      aria-label={`Plan the visit to ${row.practiceName}`}
                    >
                      Plan
                    </Button>
                    {creatableVisitTypes(row.openVisitTypes).length > 0 ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => onCreate(row)}
                        aria-label={`New visit for ${row.practiceName}`}
                      >
                        New visit
                      </Button>
                    ) : null}
                  </Group>
                ) : (
                  <Button
                    size="xs"
                    onClick={() => onCreate(row)}
                    aria-label={`Create visit for ${row.practiceName}`}
                  >
                    Create visit
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
