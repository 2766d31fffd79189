/** `organisation_id` → 'Organisation id', `practice_staff` → 'Practice staff': what the console shows. */
export function humanise(name: string): string {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A table's initials for its folded menu item: one word gives its first two letters
 * (`organisations` → 'Or'), several their first letters, at most three (`practice_staff` → 'PS',
 * `assessment_status_changes` → 'ASC').
 */
export function initials(name: string): string {
  const words = name.split('_').filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) {
    const word = words[0]!;
    return word.charAt(0).toUpperCase() + word.slice(1, 2);
  }
  return words
    .slice(0, 3)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
