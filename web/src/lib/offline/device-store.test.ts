import 'fake-indexeddb/auto';
import { offlineTarget, type TOfflineWrite } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  clearDeviceUser,
  deviceUser,
  enqueueWrite,
  getCopy,
  listQueue,
  putCopy,
  rebaseQueued,
  rememberDeviceUser,
  removeQueued,
} from './device-store.ts';

// fake-indexeddb: a third-party IndexedDB in memory (the browser journey uses Chromium's own).
let next = 1000;
function field(userId: number, field: string, value: unknown, base: unknown): TOfflineWrite {
  const write: TOfflineWrite = {
    userId,
    assessmentId: 5,
    kind: 'response',
    responseId: next,
    field,
    target: '',
    label: `C1.1 ${field}`,
    value,
    base,
    queuedAt: new Date().toISOString(),
  };
  return { ...write, target: offlineTarget(write) };
}

describe('the device store', () => {
  it('keeps the queue in order, folds a field edited twice, and forgets what was sent', async () => {
    next += 10;
    const user = next;
    await enqueueWrite(field(user, 'observation', 'a', null));
    await enqueueWrite(field(user, 'compliance', 'MET', null));
    await enqueueWrite(field(user, 'observation', 'ab', 'a'));
    await enqueueWrite(field(user + 1, 'observation', 'someone else', null));
    const queue = await listQueue(user);
    expect(queue.map((w) => [w.field, w.value, w.base])).toEqual([
      ['observation', 'ab', null],
      ['compliance', 'MET', null],
    ]);
    expect(queue[0]!.seq).toBeLessThan(queue[1]!.seq!);
    await rebaseQueued(queue[1]!.seq!, 'NOT_MET');
    await removeQueued(queue[0]!.seq!);
    expect((await listQueue(user)).map((w) => [w.field, w.base])).toEqual([['compliance', 'NOT_MET']]);
  });

  it('keeps copies per user; sign-out clears them but keeps a waiting queue and says how much', async () => {
    next += 10;
    const user = next;
    await putCopy(user, 'assessment:5', { name: 'mine' });
    await putCopy(user + 1, 'assessment:5', { name: 'theirs' });
    await rememberDeviceUser({ id: user });
    expect((await getCopy<{ name: string }>(user, 'assessment:5'))?.data.name).toBe('mine');
    await enqueueWrite(field(user, 'observation', 'x', null));
    expect(await clearDeviceUser(user)).toEqual({ pending: 1 });
    expect(await getCopy(user, 'assessment:5')).toBeUndefined();
    expect(await deviceUser()).toBeUndefined();
    expect((await getCopy<{ name: string }>(user + 1, 'assessment:5'))?.data.name).toBe('theirs');
    expect(await listQueue(user)).toHaveLength(1);
  });
});
