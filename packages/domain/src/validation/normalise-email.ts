/** The form of an e-mail address we store and compare: trimmed and lower-case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
