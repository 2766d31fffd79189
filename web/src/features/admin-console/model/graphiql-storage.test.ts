import { describe, expect, it } from 'vitest';
import { forgetGraphiQLLocalStorage, graphiqlSessionStorage } from './graphiql-storage.ts';

/** The Web Storage API over a Map (Node has no sessionStorage; the browser journey uses the real one). */
function webStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

describe("GraphiQL's storage (review F7)", () => {
  it('keeps graphiql keys in the given store, and counts and clears only those', () => {
    const store = webStorage({ 'admin-console:query': '{ a }', other: 'x' });
    const storage = graphiqlSessionStorage(store);
    storage.setItem('graphiql:tabState', '{"tabs":[]}');
    storage.setItem('graphiql:query', '{ b }');
    expect(storage.getItem('graphiql:query')).toBe('{ b }');
    expect(storage.length).toBe(2);
    storage.removeItem('graphiql:query');
    expect(storage.getItem('graphiql:query')).toBeNull();
    storage.clear();
    expect(storage.length).toBe(0);
    expect(store.getItem('admin-console:query')).toBe('{ a }');
    expect(store.getItem('other')).toBe('x');
  });

  it('keeps nothing when storage is refused', () => {
    const storage = graphiqlSessionStorage(null);
    storage.setItem('graphiql:query', '{ b }');
    expect(storage.getItem('graphiql:query')).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('forgets what an earlier console left in localStorage, and only that', () => {
    const local = webStorage({ 'graphiql:tabState': '{}', 'graphiql:queries': '[]', theme: 'dark' });
    forgetGraphiQLLocalStorage(local);
    expect([...Array(local.length).keys()].map((i) => local.key(i))).toEqual(['theme']);
  });
});
