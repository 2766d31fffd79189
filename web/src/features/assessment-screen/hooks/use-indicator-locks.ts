/**
 * Who else is editing which indicator (spec 001 §2), live while online. The locks given before
 * the connection dropped are stale once it is back: none show offline, and back online only an
 * answer given since counts.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSubscription } from 'urql';
import { IndicatorLocksSubscription } from '../api/subscribe-indicator-locks.ts';

/** Someone else editing an indicator: their name, by response id. */
export type TLocksByResponse = ReadonlyMap<number, { userId: number; name: string }>;

/** The other users' locks of an assessment; `paused` while it is not loaded from the server. */
export function useIndicatorLocks(
  assessmentId: number,
  userId: number,
  online: boolean,
  paused: boolean,
): TLocksByResponse {
  const [lockResult] = useSubscription(
    { query: IndicatorLocksSubscription, variables: { assessmentId }, pause: paused },
    (_previous, answer) => ({ ...answer }),
  );
  // (Each answer is a fresh object — the handler copies it — so "since" is told by identity.)
  const [staleLocks, setStaleLocks] = useState<typeof lockResult.data>(undefined);
  useEffect(() => {
    if (!online) setStaleLocks(lockResult.data);
  }, [online, lockResult.data]);
  const currentLocks = online && lockResult.data !== staleLocks ? lockResult.data : undefined;
  // The same map while the others' locks stay the same (an answer about the user's own lock), so
  // the indicators, which follow it, do not render again for nothing.
  const held = useRef<TLocksByResponse>(new Map());
  return useMemo<TLocksByResponse>(() => {
    const map = new Map<number, { userId: number; name: string }>();
    for (const lock of currentLocks?.indicator_locks ?? []) {
      if (lock.user_id === userId) continue;
      const name = lock.user ? `${lock.user.first_name} ${lock.user.last_name}`.trim() : 'Someone';
      map.set(lock.indicator_response_id, { userId: lock.user_id, name });
    }
    if (!sameLocks(held.current, map)) held.current = map;
    return held.current;
  }, [currentLocks, userId]);
}

function sameLocks(a: TLocksByResponse, b: TLocksByResponse): boolean {
  if (a.size !== b.size) return false;
  for (const [id, lock] of a) {
    const other = b.get(id);
    if (!other || other.userId !== lock.userId || other.name !== lock.name) return false;
  }
  return true;
}
