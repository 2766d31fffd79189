import { Alert, Button, Group, List, Text } from '@mantine/core';
import { refusedWriteLine } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import type { TOfflineAssessmentApi } from '../hooks/use-offline-assessment.ts';

/**
 * "Not saved" (docs/decisions/offline.md, "Refused writes"): the queued writes the server refused
 * when they were sent (the assessment was submitted meanwhile, its status changed, a permission),
 * one line each with the server's reason; "Copy list" puts them on the clipboard as plain text.
 */
export function RefusedWrites({ offline }: { offline: TOfflineAssessmentApi }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  // The list appears at the top of the screen, wherever the user is: it is brought into view.
  const ref = useRef<HTMLDivElement>(null);
  const count = offline.refused.length;
  useEffect(() => {
    if (count > 0) ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [count]);
  if (count === 0) return null;
  const lines = offline.refused.map(({ write, reason }) => refusedWriteLine(write, reason));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(lines.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Alert ref={ref} color="red" variant="light" role="alert" title="Not saved">
      <Text fz="sm">The server refused these changes:</Text>
      <List fz="sm" mt={4} spacing={2} style={{ overflowWrap: 'anywhere' }}>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows and is dismissed whole
          <List.Item key={i}>{line}</List.Item>
        ))}
      </List>
      <Group gap="xs" mt="sm">
        <Button size="compact-sm" variant="default" onClick={() => void copy()}>
          Copy list
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => {
            setCopied(null);
            offline.dismissRefused();
          }}
        >
          Dismiss
        </Button>
        {copied ? (
          <Text fz="sm" c={copied === 'yes' ? 'teal.9' : 'red.9'} role="status">
            {copied === 'yes' ? 'Copied' : 'Could not copy: select the list and copy it.'}
          </Text>
        ) : null}
      </Group>
    </Alert>
  );
}
