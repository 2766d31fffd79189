/** What every step of a stack's start shares: its configuration, logs, resources and restart policy. */
import type { StackConfig } from '../config/config.ts';
import { replicaName } from '../gateway/upstream-pool.ts';
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

/**
 * A process this stack runs: a service, or one replica of it (`engine-2` on the engine's port
 * + 1) when STACK_REPLICAS asks for more than one engine and actions service.
 */
export interface PlannedService {
  spec: ServiceSpec;
  /** `engine`, or `engine-1`, `engine-2`… with replicas: its logs, health and supervisor. */
  name: string;
  port: number;
}

/** The processes for these services: STACK_REPLICAS of the engine and of actions, one of the rest. */
export function planServices(config: StackConfig, specs: readonly ServiceSpec[]): PlannedService[] {
  return specs.flatMap((spec) => {
    const count = spec.name === 'web' ? 1 : config.replicas;
    return Array.from({ length: count }, (_, i) => ({
      spec,
      name: replicaName(spec.name, i, count),
      port: spec.port(config) + i,
    }));
  });
}

/** How the services stand: filled as they start, read by the health checks. */
export interface ServiceStates {
  /** The services that have answered healthy once. */
  healthy: Set<string>;
  /** Each service's supervisor, by name. */
  supervisors: Map<string, Supervisor>;
}
