/** `organisation_id` → 'Organisation id', `practice_staff` → 'Practice staff': what the console shows. */
export function humanise(name: string): string {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
