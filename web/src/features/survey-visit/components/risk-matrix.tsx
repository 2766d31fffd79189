import { Table, Text, VisuallyHidden } from '@mantine/core';
import { RISK_LEVEL_LABELS, RISK_RATING_LABELS, riskRatingFor, type TRiskLevel } from '@portal/domain';
import { RISK_CELL_COLOURS } from '../../../config/colours.ts';

/** Likelihood rows as the spec's table has them: High first. */
const ROWS: readonly TRiskLevel[] = ['HIGH', 'MODERATE', 'LOW'];
const COLUMNS: readonly TRiskLevel[] = ['LOW', 'MODERATE', 'HIGH'];

/**
 * The 3×3 risk matrix of spec 001 §4 from the domain's `riskRatingFor`, the chosen likelihood and
 * impact's cell outlined and announced ('chosen'); a table with row and column headers.
 */
export function RiskMatrix({
  likelihood,
  impact,
}: {
  likelihood: TRiskLevel | null;
  impact: TRiskLevel | null;
}) {
  return (
    <Table
      withTableBorder
      withColumnBorders
      layout="fixed"
      fz="xs"
      maw={520}
      captionSide="top"
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
    >
      <Table.Caption style={{ textAlign: 'left', margin: 0, paddingBottom: 4 }}>
        <Text span fz="xs" fw={600} c="var(--mantine-color-text)">
          Risk matrix
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Likelihood</Table.Th>
          {COLUMNS.map((column) => (
            <Table.Th key={column} scope="col">
              {RISK_LEVEL_LABELS[column]} impact
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ROWS.map((row) => (
          <Table.Tr key={row}>
            <Table.Th scope="row">{RISK_LEVEL_LABELS[row]}</Table.Th>
            {COLUMNS.map((column) => {
              const rating = riskRatingFor(row, column);
              const chosen = row === likelihood && column === impact;
              return (
                <Table.Td
                  key={column}
                  data-rating={rating}
                  aria-current={chosen ? 'true' : undefined}
                  style={{
                    background: RISK_CELL_COLOURS[rating],
                    color: 'var(--mantine-color-black)',
                    fontWeight: chosen ? 700 : 500,
                    outline: chosen ? '3px solid var(--mantine-color-dark-6)' : undefined,
                    outlineOffset: -3,
                  }}
                >
                  {RISK_RATING_LABELS[rating]}
                  {chosen ? <VisuallyHidden>, chosen</VisuallyHidden> : null}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
