/** `organisation_id` → 'Organisation id', `practice_staff` → 'Practice staff': what the console shows. */
export function humanise(name: string): string {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function lettersOf(words: string[], firstWordLetters: number): string {
  const [first = '', ...rest] = words;
  const head = first.charAt(0).toUpperCase() + first.slice(1, firstWordLetters);
  return (
    head +
    rest
      .slice(0, 2)
      .map((word) => word.charAt(0).toUpperCase())
      .join('')
  );
}

/**
 * Each table's initials for its folded menu item, different from every other table's where four
 * letters can tell them apart: one word gives its first two letters (`organisations` → 'Or'),
 * several the first letter of each of the first three (`practice_staff` → 'PS'); a clash takes
 * more letters of the first word (`accreditation_status` 'AS', then `active_status` 'AcS').
 */
export function tableInitials(names: readonly string[]): Map<string, string> {
  const taken = new Set<string>();
  const out = new Map<string, string>();
  for (const name of names) {
    const words = name.split('_').filter(Boolean);
    if (words.length === 0) {
      out.set(name, '?');
      continue;
    }
    let letters = words.length === 1 ? 2 : 1;
    let candidate = lettersOf(words, letters);
    while (taken.has(candidate) && letters + Math.min(words.length - 1, 2) < 4) {
      letters += 1;
      candidate = lettersOf(words, letters);
    }
    taken.add(candidate);
    out.set(name, candidate);
  }
  return out;
}
