import { Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { ASSESSMENT_MESSAGES } from '@portal/domain';
import type { ReactNode } from 'react';
import type { TAssessmentAccess } from '../hooks/use-assessment-access.ts';
import { AssessmentRow, type TAssessmentRow, type TRowDownloads } from './assessment-row.tsx';

/**
 * The Assessments table (spec 001 §2): type with its status badge, due date, last updated, the
 * Assessment Report badge (the report PDF), the action plan badge, the survey confirmation, and a
 * chevron. A row opens the assessment unless it is locked for the user; a locked row says why.
 */
export function AssessmentsTable({
  practiceId,
  rows,
  accessOf,
  headerAction,
  ...downloads
}: {
  practiceId: number;
  rows: readonly TAssessmentRow[];
  accessOf(row: TAssessmentRow): TAssessmentAccess;
  /** Beside the heading (the back office's Add assessment). */
  headerAction?: ReactNode;
} & TRowDownloads) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="assessments-heading">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz={18} id="assessments-heading">
          Assessments
        </Title>
        {headerAction}
      </Group>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed" py="md">
          {ASSESSMENT_MESSAGES.noAssessments}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover aria-labelledby="assessments-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Due date</Table.Th>
                <Table.Th>Last updated</Table.Th>
                <Table.Th>Assessment Report</Table.Th>
                <Table.Th>Action plan</Table.Th>
                <Table.Th>Survey Confirmation</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Open</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <AssessmentRow
                  key={row.id}
                  practiceId={practiceId}
                  row={row}
                  access={accessOf(row)}
                  downloads={downloads}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
