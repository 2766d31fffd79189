import { z } from 'zod/mini';

const ZSessionsSchema = z.array(
  z.object({
    id: z.string(),
    browser: z.string(),
    device: z.string(),
    address: z.nullable(z.string()),
    signedInAt: z.string(),
    lastSeenAt: z.string(),
    current: z.boolean(),
  }),
);
export type TUserSessions = z.infer<typeof ZSessionsSchema>;

const ZEndedSchema = z.object({ ended: z.number() });

type Call = <T>(path: string, init: RequestInit, schema?: z.ZodMiniType<T>) => Promise<T>;

/** /api/user/sessions/*: the signed-in user's own sign-ins, listed and ended. */
export function createSessionsApi(call: Call) {
  return {
    list: (): Promise<TUserSessions> => call('/user/sessions', { method: 'GET' }, ZSessionsSchema),
    /** Signs out another session of the user. */
    end: (id: string) =>
      call(`/user/sessions/${encodeURIComponent(id)}/end`, { method: 'POST' }, ZEndedSchema),
    /** Signs out every session of the user but this one. */
    endOthers: () => call('/user/sessions/end-others', { method: 'POST' }, ZEndedSchema),
  };
}
