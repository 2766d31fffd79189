import * as v from 'valibot';

const ZSessionsSchema = v.array(
  v.object({
    id: v.string(),
    browser: v.string(),
    device: v.string(),
    address: v.nullable(v.string()),
    signedInAt: v.string(),
    lastSeenAt: v.string(),
    current: v.boolean(),
  }),
);
export type TUserSessions = v.InferOutput<typeof ZSessionsSchema>;

const ZEndedSchema = v.object({ ended: v.number() });

type Call = <T>(path: string, init: RequestInit, schema?: v.GenericSchema<unknown, T>) => Promise<T>;

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
