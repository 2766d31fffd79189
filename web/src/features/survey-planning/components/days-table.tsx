import { Table, VisuallyHidden } from '@mantine/core';
import type { TGridDay } from '../model/days-grid.ts';
import { markOf, type TDaysPerson } from './day-answer-marks.tsx';

/** The days calendar as a table for screen readers: a row per day, a column per surveyor. */
export function DaysTable({
  caption,
  grid,
  people,
}: {
  caption: string;
  grid: readonly TGridDay[];
  people: readonly TDaysPerson[];
}) {
  return (
    <VisuallyHidden>
      <Table aria-label={caption}>
        <caption>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day</Table.Th>
            {people.map((p) => (
              <Table.Th key={p.userId} scope="col">
                {p.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.map((d) => (
            <Table.Tr key={d.day}>
              <Table.Th scope="row">{d.label}</Table.Th>
              {d.answers.map((answer, i) => (
                <Table.Td key={people[i]!.userId}>
                  {markOf(answer).word}
                  {answer && !answer.available && answer.reason ? `: ${answer.reason}` : ''}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}
