import { describe, expect, it } from 'vitest';
import type { Logger } from '../log.ts';
import { Child } from './child.ts';

function collect(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign((line: string) => void lines.push(line), {
    error: (line: string) => void lines.push(`!${line}`),
    lines,
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function node(log: Logger, script: string, env: Record<string, string> = {}): Child {
  return new Child({
    name: 'svc',
    command: process.execPath,
    args: ['-e', script],
    cwd: process.cwd(),
    env,
    log,
  });
}

describe('Child', () => {
  it('passes output lines, only the given environment, and reports an exit it did not ask for', async () => {
    const log = collect();
    const child = node(
      log,
      'console.log("hello\\nworld"); console.error(process.env.ONLY, process.env.HOME ?? "-"); process.exit(3)',
      {
        ONLY: 'given',
      },
    );
    expect(await child.unexpectedExit()).toBe('svc exited unexpectedly (code 3)');
    await until(() => log.lines.length >= 3);
    expect(log.lines).toEqual(expect.arrayContaining(['hello', 'world', 'given -']));
    expect(child.isStopping).toBe(false);
  });

  it('stops the whole process group, grandchildren included', async () => {
    const log = collect();
    const child = node(
      log,
      `const { spawn } = require('node:child_process');
       const g = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
       console.log('grandchild ' + g.pid);
       setInterval(() => {}, 1000);`,
    );
    await until(() => log.lines.some((l) => l.startsWith('grandchild ')));
    const grandchild = Number(log.lines.find((l) => l.startsWith('grandchild '))!.split(' ')[1]);
    expect(alive(grandchild)).toBe(true);
    await child.stop();
    expect(child.isStopping).toBe(true);
    expect((await child.exited).signal).toBe('SIGTERM');
    await until(() => !alive(grandchild));
  });

  it('kills a child that ignores SIGTERM after the grace period', async () => {
    const log = collect();
    const child = node(
      log,
      'process.on("SIGTERM", () => console.log("ignored")); console.log("up"); setInterval(() => {}, 1000)',
    );
    await until(() => log.lines.includes('up'));
    const started = Date.now();
    await child.stop(300);
    expect((await child.exited).signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(log.lines).toContain('!did not stop within 300 ms; killing it');
  });
});
