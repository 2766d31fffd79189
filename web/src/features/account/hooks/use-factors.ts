import { useRestResource } from '../../../lib/api/use-rest-resource.ts';

/** The signed-in user's second factors (GET /api/user/factors), with a reload after a change. */
export function useFactors() {
  const { data: factors, error, reload } = useRestResource((api) => api.factors.list());
  return { factors, error, reload };
}
