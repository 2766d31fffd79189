import { BLANK_RESPONSE } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResponseStore, type TStoredResponse } from './response-store.ts';

const row = (indicatorId: number, fields: Partial<TStoredResponse> = {}): TStoredResponse => ({
  ...BLANK_RESPONSE,
  id: indicatorId * 10,
  indicator_id: indicatorId,
  ...fields,
});

function setUp(save: (id: number, payload: unknown) => Promise<TStoredResponse>) {
  const calls: string[] = [];
  const store = createResponseStore({
    save: (id, payload) => {
      calls.push(`save ${id} ${JSON.stringify(payload)}`);
      return save(id, payload);
    },
    announceLock: (id) => calls.push(`lock ${id}`),
    releaseLock: (id) => calls.push(`release ${id}`),
    onSaveFailed: () => calls.push('failed toast'),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  return { store, calls };
}

describe('the response store (spec 001 §4 saving)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces a lock on the first edit, saves the changed fields 1,000 ms after the last edit, releases 500 ms later', async () => {
    const { store, calls } = setUp(async (_id, p) =>
      row(1, { observation: (p as { set: { observation: string } }).set.observation }),
    );
    store.receive([row(1, { observation: 'old' })]);
    store.edit(1, { fields: { observation: 'n' }, ticks: {} });
    await vi.advanceTimersByTimeAsync(600);
    store.edit(1, { fields: { observation: 'new' }, ticks: {} });
    expect(calls).toEqual(['lock 10']);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual(['lock 10']);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['lock 10', 'save 10 {"set":{"observation":"new"},"checklists":null}']);
    expect(store.entry(1)?.state).toBe('saved');
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.at(-1)).toBe('release 10');
    expect(store.entry(1)?.state).toBe('idle');
    expect(store.hasUnsaved()).toBe(false);
  });

  it('keeps what is typed while a save runs, and saves it next', async () => {
    let resolve!: (value: TStoredResponse) => void;
    const { store, calls } = setUp(() => new Promise((r) => (resolve = r)));
    store.receive([row(1)]);
    store.edit(1, { fields: { observation: 'a' }, ticks: {} });
    await vi.advanceTimersByTimeAsync(1000);
    store.edit(1, { fields: { observation: 'ab' }, ticks: {} });
    expect(store.shown(1).observation).toBe('ab');
    resolve(row(1, { observation: 'a' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.shown(1).observation).toBe('ab');
    expect(store.hasUnsaved()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.at(-1)).toBe('save 10 {"set":{"observation":"ab"},"checklists":null}');
  });

  it('keeps a failed edit on screen, says so once, and retries until it is saved', async () => {
    let fail = true;
    const { store, calls } = setUp(async () => {
      if (fail) throw new Error('offline');
      return row(1, { is_marked_complete: true });
    });
    store.receive([row(1)]);
    store.edit(1, { fields: { is_marked_complete: true }, ticks: {} });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.entry(1)?.state).toBe('failed');
    expect(store.shown(1).is_marked_complete).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.filter((c) => c === 'failed toast')).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('save'))).toHaveLength(2);
    fail = false;
    store.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.entry(1)?.state).toBe('saved');
    expect(store.hasUnsaved()).toBe(false);
  });

  it("lays the user's edit over live rows from others, and sends only the user's own items", async () => {
    const { store, calls } = setUp(async () => row(1));
    store.receive([row(1, { checklists: { '1': { '1': false, '2': false } } })]);
    store.edit(1, { fields: {}, ticks: { '1': { '2': true } } });
    // Someone else ticks item 1 meanwhile.
    store.receive([row(1, { checklists: { '1': { '1': true, '2': false } }, observation: 'theirs' })]);
    expect(store.shown(1).checklists).toEqual({ '1': { '1': true, '2': true } });
    expect(store.shown(1).observation).toBe('theirs');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.at(-1)).toBe('save 10 {"set":{},"checklists":{"1":{"1":true,"2":true}}}');
  });

  it('flushes a pending edit at once when asked (leaving the screen)', async () => {
    const { store, calls } = setUp(async () => row(1, { observation: 'x' }));
    store.receive([row(1)]);
    store.edit(1, { fields: { observation: 'x' }, ticks: {} });
    await store.flushAll();
    expect(calls).toContain('save 10 {"set":{"observation":"x"},"checklists":null}');
  });

  it('ignores edits of an indicator without a stored response (read only)', () => {
    const { store, calls } = setUp(async () => row(1));
    store.edit(5, { fields: { observation: 'x' }, ticks: {} });
    expect(calls).toEqual([]);
    expect(store.hasUnsaved()).toBe(false);
  });
});

describe('closing the screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a pending edit at once, keeps retrying it, and releases the locks of saved indicators', async () => {
    let fail = true;
    const { store, calls } = setUp(async () => {
      if (fail) throw new Error('offline');
      return row(1, { observation: 'x' });
    });
    store.receive([row(1), row(2)]);
    store.edit(1, { fields: { observation: 'x' }, ticks: {} });
    store.edit(2, { fields: { observation: 'y' }, ticks: {} });
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    fail = true;
    store.edit(1, { fields: { observation: 'xy' }, ticks: {} });
    store.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c.startsWith('save 10'))).toHaveLength(2);
    fail = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.filter((c) => c.startsWith('save 10'))).toHaveLength(3);
    expect(store.hasUnsaved()).toBe(false);
  });

  it('re-renders only the indicator typed in: free text moves its own version, not the outline', () => {
    const { store } = setUp(async () => row(1));
    store.receive([row(1, { observation: 'The' }), row(2)]);
    const outline = store.getOutlineVersion();
    const other = store.entryVersion(2);
    const before = store.entryVersion(1);
    store.edit(1, { fields: { observation: 'The fridge log' }, ticks: {} });
    store.edit(1, { fields: { observation: 'The fridge log is kept' }, ticks: {} });
    expect(store.entryVersion(1)).toBeGreaterThan(before);
    expect(store.getOutlineVersion()).toBe(outline);
    expect(store.entryVersion(2)).toBe(other);
    // An answer changes what the outline reads (counts, colours, progress).
    store.edit(1, { fields: { is_marked_complete: true }, ticks: {} });
    expect(store.getOutlineVersion()).toBeGreaterThan(outline);
    expect(store.entryVersion(2)).toBe(other);
  });

  it('moves the outline when free text becomes written or blank (improvements, missing action plans)', () => {
    const { store } = setUp(async () => row(1));
    store.receive([row(1), row(2)]);
    const outline = store.getOutlineVersion();
    store.edit(1, { fields: { action_plan: 'L' }, ticks: {} });
    const written = store.getOutlineVersion();
    expect(written).toBeGreaterThan(outline);
    store.edit(1, { fields: { action_plan: 'Log twice daily' }, ticks: {} });
    expect(store.getOutlineVersion()).toBe(written);
    store.edit(1, { fields: { action_plan: '  ' }, ticks: {} });
    expect(store.getOutlineVersion()).toBeGreaterThan(written);
  });

  it('shows the same object until the row or the edit changes, and ignores a live row that changes nothing', () => {
    const { store } = setUp(async () => row(1));
    store.receive([row(1, { observation: 'kept' }), row(2)]);
    const shown = store.shown(1);
    expect(store.shown(1)).toBe(shown);
    const listener = vi.fn();
    store.subscribe(listener);
    store.receive([row(1, { observation: 'kept' }), row(2)]);
    expect(listener).not.toHaveBeenCalled();
    expect(store.shown(1)).toBe(shown);
    store.receive([row(1, { observation: 'changed elsewhere' }), row(2)]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.shown(1)).not.toBe(shown);
    expect(store.shown(1).observation).toBe('changed elsewhere');
    expect(store.shown(3)).toBe(BLANK_RESPONSE);
  });
});
