import { NativeSelect } from '@mantine/core';
import { DEFAULT_EMAIL_DIGEST, EMAIL_DIGEST_OPTIONS, isEmailDigest, type TEmailDigest } from '@portal/domain';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { AS_ROLE_USER, UpdateEmailDigestMutation } from '../api/update-email-digest.ts';

/** The e-mail digest setting, saved as soon as it is chosen (decisions/notifications.md#digests). */
export function EmailDigestSelect({ stored }: { stored: string | null }) {
  const user = useCurrentUser();
  const [value, setValue] = useState<TEmailDigest>(isEmailDigest(stored) ? stored : DEFAULT_EMAIL_DIGEST);
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, update] = useMutation(UpdateEmailDigestMutation);

  const choose = async (next: string) => {
    if (!isEmailDigest(next)) return;
    const before = value;
    setValue(next);
    setError(null);
    const result = await update({ id: user.id, digest: next }, AS_ROLE_USER);
    if (result.error || !result.data?.update_users_by_pk) {
      setValue(before);
      setError('Your e-mail digest setting could not be saved. Please try again.');
      return;
    }
    notifySuccess('Your e-mail digest setting has been saved.');
  };

  return (
    <NativeSelect
      label="E-mail digest"
      description="A summary of what falls due and what is overdue. Weekly digests come on Mondays."
      data={EMAIL_DIGEST_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
      value={value}
      disabled={fetching}
      error={error}
      onChange={(event) => void choose(event.currentTarget.value)}
      maw={260}
    />
  );
}
