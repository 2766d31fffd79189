import { describe, expect, it } from 'vitest';
import {
  foldOfflineWrite,
  offlineTarget,
  pendingChangesText,
  refusedWriteLine,
  replayDecision,
  sameValue,
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
});
