import { Alert, Paper, Radio, Stack, Text } from '@mantine/core';
import { formatDisplayDate } from '@portal/domain';
import { useState } from 'react';
import { useNextCycleEdition } from '../hooks/use-next-cycle-edition.ts';

/**
 * On the Accreditation tab, within a transition window (issue 30): the choice of edition for the
 * practice's next cycle, between the current edition and the newer one, with the window's last
 * day; saved as soon as it is chosen, with a status message. Before the window opens, a note with
 * its days. Only for those who may change the practice (the service says so); nothing otherwise.
 */
export function NextCycleEditionChoice({ practiceId }: { practiceId: number }) {
  const { data, choose } = useNextCycleEdition(practiceId);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (!data?.window || !data.canChoose) return null;
  const { older, newer, opensOn, closesOn } = data.window;
  if (!data.window.open)
    return (
      <Paper
        withBorder
        p="md"
        radius="md"
        role="region"
        aria-label="Edition for your next accreditation cycle"
      >
        <Text fz="sm">
          {`From ${formatDisplayDate(opensOn)} to ${formatDisplayDate(closesOn)}, you can choose the edition of the standards for your next accreditation cycle: ${older.code} or ${newer.code}. Until then, new cycles use ${older.code}.`}
        </Text>
      </Paper>
    );
  const onChange = async (value: string) => {
    setSaving(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await choose(Number(value)) });
    } catch (error) {
      setOutcome({ ok: false, text: (error as Error).message });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Radio.Group
          label="Edition of the standards for your next accreditation cycle"
          description={`Choose by ${formatDisplayDate(closesOn)}. From the next day, every new cycle uses ${newer.code}.`}
          value={data.editionId === null ? null : String(data.editionId)}
          onChange={(value) => void onChange(value)}
          readOnly={saving}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value={String(older.id)}
              label={`${older.code}: ${older.name} (the current edition)`}
              disabled={saving}
            />
            <Radio
              value={String(newer.id)}
              label={`${newer.code}: ${newer.name} (the newer edition)`}
              disabled={saving}
            />
          </Stack>
        </Radio.Group>
        <div role="status" aria-live="polite">
          {outcome?.ok ? (
            <Text fz="sm" fw={500}>
              {outcome.text}
            </Text>
          ) : null}
        </div>
        {outcome && !outcome.ok ? (
          <Alert color="red" variant="light" role="alert">
            {outcome.text}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
