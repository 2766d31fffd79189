import { AUDIT_MESSAGES, type TAuditEntry, type TAuditPage, type TAuditSubject } from '@portal/domain';
import { useCallback, useEffect, useState } from 'react';
import { PortalError } from '../../../lib/errors.ts';
import { useServices } from '../../../lib/services.tsx';

export interface AuditHistoryState {
  entries: TAuditEntry[];
  hasMore: boolean;
  /** Names of the users the values name, by id. */
  people: Record<string, string>;
  loading: boolean;
  error: string | null;
  /** Reads the next page (or, after a failure, the page that failed). */
  loadMore: () => void;
}

/**
 * A record's history from the actions service (`GET /api/audit/:subject/:id?offset=n`), newest
 * first, a page at a time: the first page when mounted, the next on `loadMore`.
 */
export function useAuditHistory(subject: TAuditSubject, id: number): AuditHistoryState {
  const { authorisedFetch, apiUrl } = useServices();
  const [entries, setEntries] = useState<TAuditEntry[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [people, setPeople] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(null);
    // `round` is read so that a retry of the same offset asks again.
    void round;
    authorisedFetch(`${apiUrl}/audit/${subject}/${id}?offset=${offset}`, {
      headers: { Accept: 'application/json' },
    })
      .then(async (response) => {
        if (!response.ok) throw await PortalError.fromResponse(response);
        return (await response.json()) as TAuditPage;
      })
      .then(
        (page) => {
          if (!current) return;
          setEntries((previous) => [
            ...previous,
            ...page.entries.filter((entry) => !previous.some((seen) => seen.id === entry.id)),
          ]);
          setHasMore(page.hasMore);
          setPeople((previous) => ({ ...previous, ...page.people }));
          setLoading(false);
        },
        (failure: unknown) => {
          if (!current) return;
          const message = failure instanceof PortalError ? failure.message : '';
          setError(message || AUDIT_MESSAGES.loadFailed);
          setLoading(false);
        },
      );
    return () => {
      current = false;
    };
  }, [authorisedFetch, apiUrl, subject, id, offset, round]);

  const loadMore = useCallback(() => {
    if (error) setRound((value) => value + 1);
    else setOffset(entries.length);
  }, [error, entries.length]);

  return { entries, hasMore, people, loading, error, loadMore };
}
