// How a surveyor's answer for a day shows in the planning drawer: its mark, its chip and the legend.
import { Box, Group, Text } from '@mantine/core';
import type { TDayAnswer, TGridPerson } from '../model/days-grid.ts';

/** A surveyor of the days view, with the initials their chips show. */
export type TDaysPerson = TGridPerson & { initials: string };

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

const MARK: Record<'yes' | 'no' | 'none', { bg: string; c: string; symbol: string; word: string }> = {
  yes: { bg: 'green.1', c: '#1e5631', symbol: '✓', word: 'Available' },
  no: { bg: 'red.1', c: '#8a1c1c', symbol: '✕', word: 'Unavailable' },
  none: { bg: 'gray.1', c: 'gray.7', symbol: '·', word: 'No answer' },
};
export const markOf = (answer: TDayAnswer | null) =>
  MARK[answer ? (answer.available ? 'yes' : 'no') : 'none'];

/** One surveyor's answer on a calendar day: initials and ✓ or ✕ (hidden from screen readers). */
export function Chip({ initials, answer }: { initials: string; answer: TDayAnswer }) {
  const mark = markOf(answer);
  return (
    <Box
      component="span"
      aria-hidden="true"
      bg={mark.bg}
      c={mark.c}
      fz={10}
      fw={700}
      px={3}
      style={{ borderRadius: 4, lineHeight: '14px' }}
    >
      {initials}
      {mark.symbol}
    </Box>
  );
}

/** The legend of the days calendar: whose initials are whose, and what the marks mean. */
export function DaysLegend({ people }: { people: readonly TDaysPerson[] }) {
  return (
    <Group gap="md" wrap="wrap" aria-label="Legend" role="group">
      {people.map((p) => (
        <Text key={p.userId} fz="xs">
          <strong>{p.initials}</strong> {p.name}
        </Text>
      ))}
      {(['yes', 'no'] as const).map((key) => (
        <Text key={key} fz="xs">
          <Box component="span" bg={MARK[key].bg} c={MARK[key].c} fw={700} px={4} style={{ borderRadius: 4 }}>
            {MARK[key].symbol}
          </Box>{' '}
          {MARK[key].word}
        </Text>
      ))}
      <Text fz="xs" c="dimmed">
        No mark: no answer yet. Outlined: every surveyor is available.
      </Text>
    </Group>
  );
}
