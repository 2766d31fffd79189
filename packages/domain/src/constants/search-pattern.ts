/**
 * The `_ilike` / `ilike` pattern of a search box: the text anywhere, with the pattern
 * characters `%`, `_` and `\` taken literally. One helper for the practice list, the staff
 * search and the registration-number look-up.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
