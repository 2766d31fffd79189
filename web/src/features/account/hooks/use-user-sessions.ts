import { useCallback, useEffect, useState } from 'react';
import type { TUserSessions } from '../../../lib/auth/sessions-api.ts';
import { PortalError } from '../../../lib/errors.ts';
import { useServices } from '../../../lib/services.tsx';

/** The signed-in user's sessions (GET /api/user/sessions), with a reload after one is ended. */
export function useUserSessions() {
  const { api } = useServices();
  const [sessions, setSessions] = useState<TUserSessions | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setSessions(await api.sessions.list());
      setError(null);
    } catch (caught) {
      setError(PortalError.from(caught).message);
    }
  }, [api]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { sessions, error, reload };
}
