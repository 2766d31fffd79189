import { describe, expect, it } from 'vitest';
import { createNetworkStatus } from './network-status.ts';

describe('network status', () => {
  it('goes offline on a failed request, remembers since when, and back on an answer', () => {
    let clock = new Date('2026-11-28T10:42:00Z');
    const store = createNetworkStatus(true, () => clock);
    const seen: boolean[] = [];
    const stop = store.subscribe(() => seen.push(store.get().online));
    expect(store.get()).toEqual({ online: true, offlineSince: null });
    store.reportNetworkFailure();
    expect(store.get()).toEqual({ online: false, offlineSince: new Date('2026-11-28T10:42:00Z') });
    clock = new Date('2026-11-28T10:50:00Z');
    // A second failure does not move "since".
    store.reportNetworkFailure();
    expect(store.get().offlineSince).toEqual(new Date('2026-11-28T10:42:00Z'));
    store.reportNetworkSuccess();
    expect(store.get()).toEqual({ online: true, offlineSince: null });
    stop();
    store.reportNetworkFailure();
    expect(seen).toEqual([false, true]);
  });

  it('takes no answer to a request sent before the connection was lost as back online', () => {
    const store = createNetworkStatus(true);
    const before = store.sent();
    store.reportNetworkFailure();
    store.reportNetworkSuccess(before);
    expect(store.get().online).toBe(false);
    const after = store.sent();
    store.reportNetworkSuccess(after);
    expect(store.get().online).toBe(true);
    // Lost again: a mark from the previous connection does not count either.
    store.reportNetworkFailure();
    store.reportNetworkSuccess(after);
    expect(store.get().online).toBe(false);
    // The browser's own `online` event needs no mark.
    store.reportNetworkSuccess();
    expect(store.get().online).toBe(true);
  });

  it('starts offline with the time it was created', () => {
    const store = createNetworkStatus(false, () => new Date('2026-11-28T08:00:00Z'));
    expect(store.get()).toEqual({ online: false, offlineSince: new Date('2026-11-28T08:00:00Z') });
  });
});
