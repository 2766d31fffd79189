/** The stack's services (engine, actions, the web dev server) as supervised child processes. */
import { httpCheck } from '../health.ts';
import { type Resources, StopRequested } from '../lifecycle.ts';
import { Child, type ChildOptions, describeExit } from '../services/child.ts';
import { type Run, Supervisor } from '../services/supervisor.ts';
import type { ServiceContext } from '../services/table.ts';
import type { PlannedService, ServiceStates, StartContext } from './start-context.ts';

/** How long a service may take to stop on SIGTERM before SIGKILL (services stop together). */
const SERVICE_GRACE_MS = 3000;

/** Starts a service as a child process: one run of its supervisor. */
function spawnService(options: ChildOptions): Run {
  const child = new Child(options);
  return {
    exited: child.exited.then(describeExit),
    stop: () => child.stop(SERVICE_GRACE_MS),
    kill: () => child.kill(),
    lastLines: () => child.lastLines(),
  };
}

/** Polls `url` until it answers 200, the process exits, or time runs out. */
async function waitHealthy(
  name: string,
  exited: Promise<unknown>,
  url: string,
  timeoutMs: number,
  resources: Resources,
): Promise<void> {
  const check = httpCheck(url);
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (resources.closing) throw new StopRequested();
    if (gone) throw new Error(`${name} exited before it became healthy`);
    const problem = await check();
    if (problem === null) return;
    if (Date.now() > deadline)
      throw new Error(`${name} did not become healthy within ${timeoutMs / 1000} s: ${problem}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Starts each service under its supervisor, one after another, and resolves once every one has
 * answered healthy (each is marked ready then, so a later crash is restarted).
 */
export async function startServices(
  ctx: StartContext,
  services: PlannedService[],
  context: ServiceContext,
  states: ServiceStates,
): Promise<void> {
  const { config, resources } = ctx;
  const started: Promise<void>[] = [];
  for (const { spec, name, port } of services) {
    const { command, args, cwd } = spec.command(context);
    const childOptions: ChildOptions = {
      name,
      command,
      args,
      cwd: cwd ?? config.root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        FORCE_COLOR: config.color ? '1' : undefined,
        ...spec.env({ ...context, instancePort: port }),
      },
      log: ctx.logger(name, spec.color),
    };
    const supervisor = new Supervisor({
      name,
      launch: async () => spawnService(childOptions),
      policy: ctx.policy,
      log: ctx.log,
      giveUp: ctx.fail,
      whenItKeepsCrashing: spec.whenItKeepsCrashing,
    });
    states.supervisors.set(name, supervisor);
    await resources.add({
      name,
      stop: () => supervisor.stop(),
      kill: () => supervisor.kill(),
      group: 'services',
    });
    const first = await supervisor.start();
    started.push(
      waitHealthy(
        name,
        first.exited,
        `http://127.0.0.1:${port}${spec.healthPath}`,
        spec.startTimeoutMs,
        resources,
      ).then(() => {
        states.healthy.add(name);
        supervisor.markReady();
      }),
    );
  }
  await Promise.all(started);
}
