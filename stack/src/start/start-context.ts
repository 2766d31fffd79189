/** What every step of a stack's start shares: its configuration, logs, resources and restart policy. */
import type { StackConfig } from '../config/config.ts';
import type { Resources } from '../lifecycle.ts';
import type { Color, Logger } from '../log.ts';
import type { RestartPolicy, Supervisor } from '../services/supervisor.ts';
import type { ServiceSpec } from '../services/table.ts';

export interface StartContext {
  config: StackConfig;
  /** When crashed services and PostgreSQL are started again. */
  policy: RestartPolicy;
  /** A logger for one part of the stack (its name and colour in front of each line). */
  logger: (name: string, color: Color) => Logger;
  /** The stack's own log. */
  log: Logger;
  /** What the stack has started, stopped in reverse on shutdown. */
  resources: Resources;
  /** Stops everything and ends with exit code 1 (a supervisor that gives up calls it). */
  fail: (reason: string) => void;
}

/** A service this stack runs. */
export type PlannedService = { spec: ServiceSpec };

/** How the services stand: filled as they start, read by the health checks. */
export interface ServiceStates {
  /** The services that have answered healthy once. */
  healthy: Set<string>;
  /** Each service's supervisor, by name. */
  supervisors: Map<string, Supervisor>;
}
