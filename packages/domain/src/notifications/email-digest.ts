/** How often a user gets the e-mail digest (users.email_digest; decisions/notifications.md#digests). */
export type TEmailDigest = 'OFF' | 'WEEKLY' | 'DAILY';

/** The setting's choices as Account Settings shows them, weekly by default. */
export const EMAIL_DIGEST_OPTIONS: ReadonlyArray<{ value: TEmailDigest; label: string }> = [
  { value: 'OFF', label: 'Off' },
  { value: 'WEEKLY', label: 'Weekly' },
  { value: 'DAILY', label: 'Daily' },
];

export const DEFAULT_EMAIL_DIGEST: TEmailDigest = 'WEEKLY';

/** Whether a value is one of the settings. */
export function isEmailDigest(value: unknown): value is TEmailDigest {
  return EMAIL_DIGEST_OPTIONS.some((o) => o.value === value);
}
