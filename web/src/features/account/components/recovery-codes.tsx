import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { notifySuccess } from '../../../lib/notify.ts';

const FILE_NAME = 'connect-recovery-codes.txt';

/** The ten recovery codes, shown once after the set-up, with a copy and a download. */
export function RecoveryCodes({
  codes,
  kind = 'totp',
  onDone,
}: {
  codes: string[];
  /** The factor just set up, which the message names. */
  kind?: 'totp' | 'passkey';
  onDone: () => void;
}) {
  const text = `Connect recovery codes (each works once):\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    notifySuccess('The recovery codes have been copied.');
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: FILE_NAME });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" title="Two-factor sign-in is on">
        {kind === 'passkey'
          ? 'From now on, signing in asks for your passkey.'
          : 'From now on, signing in asks for a code from your authenticator app.'}
      </Alert>
      <Text fz="sm">
        Save these recovery codes somewhere safe. If you lose your {kind === 'passkey' ? 'passkey' : 'phone'},
        each one signs you in once instead. They are shown only now.
      </Text>
      <List aria-label="Recovery codes" listStyleType="none" ff="monospace" spacing={4}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <Button variant="default" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="default" onClick={download}>
          Download codes
        </Button>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
