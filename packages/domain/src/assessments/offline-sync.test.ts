import { describe, expect, it } from 'vitest';
import {
  foldOfflineWrite,
  OFFLINE_NO_LONGER_TAKES_CHANGES,
  OFFLINE_REFUSED_UNCLEAR,
  offlineRefusalReason,
  offlineTarget,
  pendingChangesText,
  refusedWriteLine,
  replayDecision,
  sameValue,
  syncedChangesText,
  type TOfflineWrite,
} from './offline-sync.ts';

const at = '2026-11-28T10:42:00.000Z';
function field(value: unknown, base: unknown, name = 'observation'): TOfflineWrite {
  const write: TOfflineWrite = {
    userId: 7,
    assessmentId: 3,
    kind: 'response',
    target: '',
    label: `1.1.1A ${name}`,
    responseId: 11,
    field: name,
    value,
    base,
    queuedAt: at,
  };
  return { ...write, target: offlineTarget(write) };
}

describe('the offline queue', () => {
  it('folds edits of one field: the latest value wins, the first base and place stay', () => {
    let queue: TOfflineWrite[] = [];
    queue = foldOfflineWrite(queue, field('a', null));
    queue = foldOfflineWrite(queue, field('MET', null, 'compliance'));
    queue = foldOfflineWrite(queue, field('ab', 'a'));
    expect(queue.map((w) => [w.field, w.value, w.base])).toEqual([
      ['observation', 'ab', null],
      ['compliance', 'MET', null],
    ]);
  });

  it('never folds comments (each is an addition)', () => {
    const comment = (key: string): TOfflineWrite => ({
      ...field('Seen', undefined),
      kind: 'comment',
      clientKey: key,
      target: offlineTarget({ kind: 'comment', assessmentId: 3, clientKey: key }),
    });
    const queue = foldOfflineWrite(foldOfflineWrite([], comment('k1')), comment('k2'));
    expect(queue).toHaveLength(2);
    expect(new Set(queue.map((w) => w.target)).size).toBe(2);
  });
});

describe('the conflict rule', () => {
  it('writes when the server still holds the base', () => {
    expect(replayDecision(field('MET', null, 'compliance'), null)).toBe('write');
    expect(replayDecision(field('MET', 'NOT_MET', 'compliance'), 'NOT_MET')).toBe('write');
  });

  it('does not write twice: the server already holds the value', () => {
    expect(replayDecision(field('MET', null, 'compliance'), 'MET')).toBe('already');
  });

  it('is a conflict when someone else changed the field to something else', () => {
    expect(replayDecision(field('MET', null, 'compliance'), 'NOT_MET')).toBe('conflict');
    expect(replayDecision(field('mine', 'old'), 'theirs')).toBe('conflict');
  });

  it('compares a checklist question as what is ticked', () => {
    const tick: TOfflineWrite = { ...field({ 1: true, 2: false }, {}), kind: 'checklist', field: '1' };
    expect(replayDecision(tick, { 2: false })).toBe('write');
    expect(replayDecision(tick, { 1: true })).toBe('already');
    expect(replayDecision(tick, { 2: true })).toBe('conflict');
  });

  it('never makes a comment a conflict', () => {
    expect(replayDecision({ ...field('Seen', undefined), kind: 'comment' }, 'anything')).toBe('write');
  });

  it('reads null and a missing value as the same', () => {
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
  });
});

describe('the words', () => {
  it('counts the changes waiting', () => {
    expect(pendingChangesText(0)).toBe('No changes waiting to be sent.');
    expect(pendingChangesText(1)).toBe('1 change waiting to be sent.');
    expect(pendingChangesText(3)).toBe('3 changes waiting to be sent.');
  });

  it('lists a refused write with the value and the reason', () => {
    expect(refusedWriteLine(field('MET', null, 'compliance'), 'The assessment was submitted.')).toBe(
      '1.1.1A compliance: Met — The assessment was submitted.',
    );
  });

  it('does not claim everything was saved when some writes were refused', () => {
    expect(syncedChangesText(3, 0)).toBe('All changes saved.');
    expect(syncedChangesText(3, 2)).toBe('Sent 3 changes. 2 were not saved: see the list below.');
    expect(syncedChangesText(2, 1)).toBe('Sent 2 changes. 1 was not saved: see the list below.');
    expect(syncedChangesText(1, 1)).toBe('The change was not saved: see the list below.');
    expect(syncedChangesText(6, 6)).toBe('None of the 6 changes were saved: see the list below.');
  });
});

describe('offlineRefusalReason', () => {
  const CHECK = 'check constraint of an insert/update permission has failed';
  it('says a hidden row or a failed permission check means the assessment no longer takes changes', () => {
    expect(offlineRefusalReason(null)).toBe(OFFLINE_NO_LONGER_TAKES_CHANGES);
    expect(offlineRefusalReason({ status: null, code: 'permission-error', message: CHECK })).toBe(
      'The assessment was submitted or its status changed, so it no longer takes changes.',
    );
    expect(offlineRefusalReason({ status: 'UNDER_REVIEW', code: 'permission-error', message: CHECK })).toBe(
      'The assessment is now under review: it can no longer be changed.',
    );
    expect(offlineRefusalReason({ status: 'UNDER_REVIEW' })).toBe(
      'The assessment is now under review: it can no longer be changed.',
    );
  });

  it("never shows the engine's technical words", () => {
    for (const code of ['permission-error', 'constraint-violation', 'validation-failed', 'unexpected']) {
      const reason = offlineRefusalReason({ status: null, code, message: CHECK });
      expect(reason).not.toMatch(/constraint|permission/);
    }
    expect(
      offlineRefusalReason({ status: null, code: 'some-new-code', message: 'field "x" not found' }),
    ).toBe(OFFLINE_REFUSED_UNCLEAR);
    expect(offlineRefusalReason({ status: null, message: CHECK })).toBe(OFFLINE_REFUSED_UNCLEAR);
  });

  it("keeps the actions' own clear messages, and reads a status refusal as one", () => {
    expect(
      offlineRefusalReason({
        status: null,
        code: 'payload_too_large',
        message: 'The request is too large (at most 64 kB). Shorten the text and try again.',
      }),
    ).toBe('The request is too large (at most 64 kB). Shorten the text and try again.');
    expect(
      offlineRefusalReason({
        status: 'UNDER_REVIEW',
        code: 'invalid_transition',
        message: 'This cannot be done in its current status.',
      }),
    ).toBe('The assessment is now under review: it can no longer be changed.');
    expect(offlineRefusalReason({ status: null, message: 'The comment is too long.' })).toBe(
      'The comment is too long.',
    );
  });
});
