import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext } from 'react-admin';
import { useServices } from '../../../lib/services.tsx';
import { postConsoleJson, refusalMessage } from '../data/console-request.ts';

/** The admin tools on a user's sign-in, each asked first, then answered in the console's notice. */
const TOOLS = {
  'reset-factors': {
    label: 'Reset two-factor sign-in',
    question:
      'Remove every second factor of this user and sign them out everywhere? They are e-mailed, and sign in next with their password alone.',
    done: 'Two-factor sign-in was reset; the user has been e-mailed.',
  },
  'end-sessions': {
    label: 'Sign out of all sessions',
    question: 'End every session of this user, on every device? They sign in again next time.',
    done: 'Every session of this user has ended.',
  },
} as const;

type Tool = keyof typeof TOOLS;

/**
 * Under a user's row in the console (the admin area where users are managed): the provider admin's
 * tools on that account's sign-in (docs/decisions/accounts-and-sessions.md, "Admin reset"). The
 * server decides who may (an active provider admin; a super admin's account only by a super admin).
 */
export function UserSignInTools() {
  const record = useRecordContext<{ id: number }>();
  const { apiUrl, authorisedFetch } = useServices();
  const notify = useNotify();
  const [asking, setAsking] = useState<Tool | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const run = async (tool: Tool) => {
    setBusy(true);
    try {
      const answer = await postConsoleJson(authorisedFetch, `${apiUrl}/admin/users/${record.id}/${tool}`, {});
      if (answer.status === 200) notify(TOOLS[tool].done, { type: 'success' });
      else notify(refusalMessage(answer.status, answer.body), { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  return (
    <Stack
      component="section"
      aria-labelledby="sign-in-tools-heading"
      spacing={1}
      sx={{ p: 2, maxWidth: 720 }}
    >
      <Typography variant="h6" component="h2" id="sign-in-tools-heading">
        Sign-in
      </Typography>
      <Stack direction="row" spacing={1}>
        {(Object.keys(TOOLS) as Tool[]).map((tool) => (
          <Button key={tool} variant="outlined" onClick={() => setAsking(tool)} disabled={busy}>
            {TOOLS[tool].label}
          </Button>
        ))}
      </Stack>
      <Confirm
        isOpen={asking !== null}
        loading={busy}
        title={asking ? TOOLS[asking].label : ''}
        content={asking ? TOOLS[asking].question : ''}
        confirm="Yes"
        onConfirm={() => asking && void run(asking)}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
