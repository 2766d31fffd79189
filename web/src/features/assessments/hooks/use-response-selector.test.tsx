import { BLANK_RESPONSE } from '@portal/domain';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createResponseStore, type ResponseStore, type TStoredResponse } from '../model/response-store.ts';
import { sameList, useResponseOutline, useResponseSelector } from './use-response-selector.ts';

const row = (indicatorId: number): TStoredResponse => ({
  ...BLANK_RESPONSE,
  id: indicatorId * 10,
  indicator_id: indicatorId,
});

function newStore(): ResponseStore {
  return createResponseStore({
    save: () => new Promise(() => {}),
    announceLock: () => {},
    releaseLock: () => {},
    onSaveFailed: () => {},
    setTimeout: () => 0,
    clearTimeout: () => {},
  });
}

describe('reading the response store by slices (spec 001 §4)', () => {
  it('renders a component again only when its slice changes: typing in one indicator renders that one', () => {
    const store = newStore();
    store.receive([row(1), row(2)]);
    const renders: string[] = [];
    function Text({ id }: { id: number }) {
      const text = useResponseSelector(store, () => store.shown(id).observation ?? '');
      renders.push(`text ${id}`);
      return <p>{text}</p>;
    }
    function Answered() {
      const done = useResponseSelector(
        store,
        () => [1, 2].filter((id) => store.shown(id).compliance !== null),
        sameList,
      );
      renders.push('answered');
      return <p>{done.length} answered</p>;
    }
    function Outline() {
      useResponseOutline(store);
      renders.push('outline');
      return null;
    }
    const view = render(
      <>
        <Text id={1} />
        <Text id={2} />
        <Answered />
        <Outline />
      </>,
    );
    renders.length = 0;

    act(() => store.edit(1, { fields: { observation: 'L' }, ticks: {} }));
    // Written from blank: the outline (what counts read) changed too.
    expect(renders).toEqual(['text 1', 'outline']);
    renders.length = 0;
    act(() => store.edit(1, { fields: { observation: 'Lo' }, ticks: {} }));
    act(() => store.edit(1, { fields: { observation: 'Log' }, ticks: {} }));
    expect(renders).toEqual(['text 1', 'text 1']);
    expect(view.container.textContent).toContain('Log');

    renders.length = 0;
    act(() => store.edit(2, { fields: { compliance: 'NOT_APPLICABLE' }, ticks: {} }));
    expect(renders).toEqual(['answered', 'outline']);
    expect(view.container.textContent).toContain('1 answered');
  });
});
