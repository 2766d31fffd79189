import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from './cluster.ts';

async function settings(cluster: Cluster): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: cluster.url() });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in ('fsync', 'full_page_writes', 'synchronous_commit')`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  } finally {
    await client.end();
  }
}

describe('startCluster', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'devdb-cluster-'));
    // Started by root, PostgreSQL runs as `postgres`, which must reach the data directory.
    chmodSync(dir, 0o755);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is crash-safe by default (fsync, full_page_writes, synchronous_commit on); durable: false turns them off', {
    timeout: 120_000,
  }, async () => {
    const durable = await startCluster({ dataDir: path.join(dir, 'durable') });
    try {
      expect(await settings(durable)).toEqual({
        fsync: 'on',
        full_page_writes: 'on',
        synchronous_commit: 'on',
      });
    } finally {
      await durable.stop();
    }
    const fast = await startCluster({ dataDir: path.join(dir, 'fast'), durable: false });
    try {
      expect(await settings(fast)).toEqual({
        fsync: 'off',
        full_page_writes: 'off',
        synchronous_commit: 'off',
      });
    } finally {
      await fast.stop();
    }
  });

  it('stops at once when the server was killed, and reports how it ended', { timeout: 120_000 }, async () => {
    const cluster = await startCluster({ dataDir: path.join(dir, 'killed'), durable: false });
    expect(cluster.pid).toBeGreaterThan(0);
    process.kill(cluster.pid!, 'SIGKILL');
    expect(await cluster.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const started = Date.now();
    await cluster.stop();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('kills a server that does not stop within the grace period', { timeout: 120_000 }, async () => {
    const cluster = await startCluster({ dataDir: path.join(dir, 'hung'), durable: false });
    // A stopped (SIGSTOP) server cannot answer the shutdown request; only SIGKILL ends it.
    process.kill(cluster.pid!, 'SIGSTOP');
    const started = Date.now();
    await cluster.stop(500);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await cluster.exited).signal).toBe('SIGKILL');
  });
});
