import { Text } from '@mantine/core';
import type { TSaveState } from '../../assessments/index.ts';

const WORDS: Record<TSaveState, string> = {
  idle: '',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'Saved',
  queued: 'Saved on this device',
  failed: 'Not saved yet: retrying',
};

/** How an indicator's saving stands, announced politely to screen readers. */
export function SaveState({ state }: { state: TSaveState }) {
  return (
    <Text
      fz="xs"
      c={state === 'failed' ? 'red.9' : 'dimmed'}
      aria-live="polite"
      miw={state === 'idle' ? 0 : 80}
      style={{ whiteSpace: 'nowrap' }}
      ta="right"
    >
      {WORDS[state]}
    </Text>
  );
}
