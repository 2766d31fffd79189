/** The query the console's GraphiQL and Explain share: the last one edited in either. */
const KEY = 'admin-console:query';

export const DEFAULT_CONSOLE_QUERY = `# Runs with your provider admin permissions.
query Practices {
  practices(limit: 5) {
    organisation_id
    status
    practice_type
  }
}
`;

export function readConsoleQuery(): string {
  try {
    return sessionStorage.getItem(KEY) ?? DEFAULT_CONSOLE_QUERY;
  } catch {
    return DEFAULT_CONSOLE_QUERY;
  }
}

export function saveConsoleQuery(query: string): void {
  try {
    sessionStorage.setItem(KEY, query);
  } catch {
    // Storage refused (private mode): the views simply start from the default.
  }
}
