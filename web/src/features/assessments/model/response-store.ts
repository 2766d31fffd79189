import {
  ASSESSMENT_SAVE_DEBOUNCE_MS,
  ASSESSMENT_SAVING_RESET_MS,
  applyEdit,
  BLANK_RESPONSE,
  combineEdits,
  isEmptyEdit,
  NO_EDIT,
  remainingEdit,
  savePayload,
  type TIndicatorResponseFields,
  type TResponseEdit,
} from '@portal/domain';

/** A stored response: its id and fields, and the day the server stamped its non-conformity closed. */
export type TStoredResponse = TIndicatorResponseFields & {
  id: number;
  indicator_id: number;
  date_closed?: string | null;
  /** "New in this edition": a move to a newer edition found nothing that maps to the indicator. */
  new_in_edition?: boolean;
  /** "Changed — review": carried from a split or merged indicator; the database clears it on an answer. */
  review_after_move?: boolean;
};

/** How one indicator's saving stands, as the screen shows it. */
export type TSaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'queued' | 'failed';

/** Rows a save answered from the device's queue (offline), not from the server. */
const queuedRows = new WeakSet<TStoredResponse>();

/** Marks a save's answer as kept on the device, to be sent later ("Saved on this device"). */
export function markQueued(row: TStoredResponse): TStoredResponse {
  queuedRows.add(row);
  return row;
}

export interface TIndicatorEntry {
  /** The latest response the server has confirmed (live), or undefined before any exists. */
  saved: TStoredResponse | undefined;
  /** What the user changed and has not had confirmed yet (including what is on its way). */
  edit: TResponseEdit;
  state: TSaveState;
}

/** What the store needs from the outside world (GraphQL, toasts, timers). */
export interface ResponseStoreDeps {
  /** Writes the changed fields; resolves with the stored row, rejects on any failure. */
  save(responseId: number, payload: NonNullable<ReturnType<typeof savePayload>>): Promise<TStoredResponse>;
  /** Tells others this user is editing the response (the first edit). Failures are only logged. */
  announceLock(responseId: number): void;
  /** The user is done with the response for now. */
  releaseLock(responseId: number): void;
  /** A save failed (the spec's 'Indicator update failed' toast). */
  onSaveFailed(): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Retry delays after a failed save (the last repeats until it succeeds). */
export const SAVE_RETRY_DELAYS_MS = [2000, 4000, 8000, 15_000];

interface Internal extends TIndicatorEntry {
  /** Counts every change of this indicator (its own snapshot for the screen). */
  version: number;
  /** The shown response, computed once per saved row and edit. */
  shownCache: {
    saved: TStoredResponse | undefined;
    edit: TResponseEdit;
    value: TIndicatorResponseFields;
  } | null;
  /** The shown response without its free text, to tell when the screen's outline changes. */
  outlineKey: string;
  timer: unknown;
  /** The edit on its way to the server, if a save is running. */
  inflight: TResponseEdit | null;
  lockHeld: boolean;
  failures: number;
}

/**
 * The entries of one assessment's indicators and who listens to them: each entry's version, its
 * shown response (computed once per saved row and edit), and the outline's version.
 */
function createEntryTable() {
  const entries = new Map<number, Internal>();
  const listeners = new Set<() => void>();
  let version = 0;
  let outlineVersion = 0;

  const shownOf = (entry: Internal): TIndicatorResponseFields => {
    const cache = entry.shownCache;
    if (cache && cache.saved === entry.saved && cache.edit === entry.edit) return cache.value;
    const value = applyEdit(entry.saved ?? BLANK_RESPONSE, entry.edit);
    entry.shownCache = { saved: entry.saved, edit: entry.edit, value };
    return value;
  };
  /** Something about these indicators changed: their versions move, and the outline's when it changed. */
  const changed = (...touched: Internal[]) => {
    version += 1;
    for (const entry of touched) {
      entry.version += 1;
      const key = outlineKeyOf(shownOf(entry));
      if (key !== entry.outlineKey) {
        entry.outlineKey = key;
        outlineVersion += 1;
      }
    }
    for (const listener of listeners) listener();
  };
  const entryOf = (indicatorId: number): Internal => {
    let entry = entries.get(indicatorId);
    if (!entry) {
      entry = {
        version: 0,
        shownCache: null,
        outlineKey: outlineKeyOf(BLANK_RESPONSE),
        saved: undefined,
        edit: NO_EDIT,
        state: 'idle',
        timer: null,
        inflight: null,
        lockHeld: false,
        failures: 0,
      };
      entries.set(indicatorId, entry);
    }
    return entry;
  };
  /** The server's rows (the first load and every live update); edits stay on top. */
  const receive = (rows: readonly TStoredResponse[]) => {
    const touched: Internal[] = [];
    for (const row of rows) {
      const entry = entryOf(row.indicator_id);
      // While a save is on its way, an older live row must not undo it on screen: the edit
      // (which still holds what was sent) is laid over whatever arrives, so nothing flickers.
      // A row equal to the one held keeps the held object, so nothing re-renders for it.
      if (entry.saved !== row && !sameStoredResponse(entry.saved, row)) {
        entry.saved = row;
        touched.push(entry);
      }
    }
    if (touched.length > 0) changed(...touched);
  };
  return {
    entries,
    listeners,
    shownOf,
    changed,
    entryOf,
    receive,
    version: () => version,
    outlineVersion: () => outlineVersion,
  };
}

/**
 * The saving of the entries' edits (spec 001 §4): the lock announced on the first edit, the save
 * after the debounce with only what changed, the saving flag's reset and the lock's release after
 * it, retries with growing delays; on dispose, what is not saved yet is sent now.
 */
function createSaving(deps: ResponseStoreDeps, table: ReturnType<typeof createEntryTable>) {
  const { entries, changed, entryOf } = table;
  const schedule = (indicatorId: number, entry: Internal, ms: number, fn: () => void) => {
    if (entry.timer !== null) deps.clearTimeout(entry.timer);
    entry.timer = deps.setTimeout(() => {
      entry.timer = null;
      fn();
    }, ms);
    void indicatorId;
  };

  const finish = (indicatorId: number, entry: Internal) => {
    schedule(indicatorId, entry, ASSESSMENT_SAVING_RESET_MS, () => {
      if (!isEmptyEdit(entry.edit) || entry.inflight) return;
      entry.state = 'idle';
      if (entry.lockHeld && entry.saved) {
        entry.lockHeld = false;
        deps.releaseLock(entry.saved.id);
      }
      changed(entry);
    });
  };

  const flush = async (indicatorId: number): Promise<void> => {
    const entry = entryOf(indicatorId);
    if (entry.timer !== null) {
      deps.clearTimeout(entry.timer);
      entry.timer = null;
    }
    if (entry.inflight || !entry.saved || isEmptyEdit(entry.edit)) return;
    const payload = savePayload(entry.saved, entry.edit);
    if (!payload) {
      entry.edit = NO_EDIT;
      entry.state = 'saved';
      changed(entry);
      finish(indicatorId, entry);
      return;
    }
    const sent = entry.edit;
    entry.inflight = sent;
    entry.state = 'saving';
    changed(entry);
    try {
      const stored = await deps.save(entry.saved.id, payload);
      entry.inflight = null;
      entry.failures = 0;
      entry.saved = stored;
      entry.edit = remainingEdit(entry.edit, sent);
      if (isEmptyEdit(entry.edit)) {
        entry.state = queuedRows.has(stored) ? 'queued' : 'saved';
        finish(indicatorId, entry);
      } else {
        entry.state = 'pending';
        schedule(indicatorId, entry, ASSESSMENT_SAVE_DEBOUNCE_MS, () => void flush(indicatorId));
      }
      changed(entry);
    } catch {
      entry.inflight = null;
      entry.state = 'failed';
      if (entry.failures === 0) deps.onSaveFailed();
      const delay = SAVE_RETRY_DELAYS_MS[Math.min(entry.failures, SAVE_RETRY_DELAYS_MS.length - 1)]!;
      entry.failures += 1;
      schedule(indicatorId, entry, delay, () => void flush(indicatorId));
      changed(entry);
    }
  };

  /** The user changed something: announce the lock on the first edit, save after the debounce. */
  const edit = (indicatorId: number, change: TResponseEdit) => {
    const entry = entryOf(indicatorId);
    if (!entry.saved) return;
    entry.edit = combineEdits(entry.edit, change);
    if (!entry.lockHeld) {
      entry.lockHeld = true;
      deps.announceLock(entry.saved.id);
    }
    if (entry.state !== 'saving') entry.state = 'pending';
    if (!entry.inflight)
      schedule(indicatorId, entry, ASSESSMENT_SAVE_DEBOUNCE_MS, () => void flush(indicatorId));
    changed(entry);
  };

  /**
   * The screen closes: edits not yet saved are sent now (and keep being retried until they are:
   * nothing typed is dropped by leaving); everything else stops and its locks are released.
   */
  const dispose = () => {
    for (const [id, entry] of entries) {
      if (!isEmptyEdit(entry.edit) || entry.inflight) {
        void flush(id);
        continue;
      }
      if (entry.timer !== null) deps.clearTimeout(entry.timer);
      entry.timer = null;
      if (entry.lockHeld && entry.saved) {
        entry.lockHeld = false;
        deps.releaseLock(entry.saved.id);
      }
    }
  };
  return { flush, edit, dispose };
}

/**
 * The responses of one assessment and the user's unsaved edits, saved as the spec says (001 §4):
 * the first edit of an indicator announces a lock; a save goes 1,000 ms after the last edit, with
 * only the fields (and checklist questions) that changed; the saving flag clears 500 ms after it,
 * and the lock is released then. An edit is never dropped: what is typed while a save runs stays
 * and is saved next; a failed save keeps the edit on screen and is retried with growing delays
 * (and at once when `retryNow` is called, e.g. when the browser is back online).
 */
export function createResponseStore(deps: ResponseStoreDeps) {
  const table = createEntryTable();
  const { entries, listeners, shownOf } = table;
  const { flush, edit, dispose } = createSaving(deps, table);

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Changes whenever anything does (for useSyncExternalStore). */
    getVersion: table.version,
    /**
     * Changes when what the screen's outline reads changes (answers, ticks, flags: the filter
     * counts, colours, progress), not when free text is typed, so a keystroke in an observation
     * re-renders its own indicator only (`entryVersion`).
     */
    getOutlineVersion: table.outlineVersion,
    /** Changes whenever this indicator's shown response or saving state does. */
    entryVersion: (indicatorId: number) => entries.get(indicatorId)?.version ?? 0,

    /** The server's rows (the first load and every live update); edits stay on top. */
    receive: table.receive,

    /**
     * What the screen shows for an indicator: the saved response with the unsaved edit on top
     * (the same object until either changes).
     */
    shown(indicatorId: number): TIndicatorResponseFields {
      const entry = entries.get(indicatorId);
      return entry ? shownOf(entry) : BLANK_RESPONSE;
    },
    entry(indicatorId: number): TIndicatorEntry | undefined {
      return entries.get(indicatorId);
    },
    responseId(indicatorId: number): number | undefined {
      return entries.get(indicatorId)?.saved?.id;
    },

    /** The user changed something: announce the lock on the first edit, save after the debounce. */
    edit,
    flush,
    /** Saves every pending edit now (leaving the screen). */
    async flushAll() {
      await Promise.all([...entries.keys()].map((id) => flush(id)));
    },
    /** Tries failed saves again at once (the browser is back online). */
    retryNow() {
      for (const [id, entry] of entries) if (entry.state === 'failed') void flush(id);
    },
    /** Something typed is not saved yet. */
    hasUnsaved(): boolean {
      for (const entry of entries.values()) if (!isEmptyEdit(entry.edit) || entry.inflight) return true;
      return false;
    },
    /** The screen closes: unsaved edits are sent now, everything else stops and its locks are released. */
    dispose,
  };
}

export type ResponseStore = ReturnType<typeof createResponseStore>;

/**
 * Free text the user types: the outline reads only whether it is written (improvements suggested,
 * Not met indicators without an action plan), not its words.
 */
const FREE_TEXT_FIELDS = new Set<string>(['observation', 'non_compliance_statement', 'action_plan']);

/** The shown response with its free text reduced to written or not, as a comparable key. */
function outlineKeyOf(response: TIndicatorResponseFields): string {
  return JSON.stringify(response, (key, value) =>
    FREE_TEXT_FIELDS.has(key) ? typeof value === 'string' && value.trim() !== '' : value,
  );
}

/** Whether two stored rows say the same (a live update that changes nothing). */
function sameStoredResponse(a: TStoredResponse | undefined, b: TStoredResponse): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}
