import { useRestResource } from '../../../lib/api/use-rest-resource.ts';

/** The signed-in user's sessions (GET /api/user/sessions), with a reload after one is ended. */
export function useUserSessions() {
  const { data: sessions, error, reload } = useRestResource((api) => api.sessions.list());
  return { sessions, error, reload };
}
