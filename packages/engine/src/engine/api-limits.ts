import { type CostLimits, DEFAULT_LIST_ROWS } from '../compile/cost.ts';
import { DEFAULT_INTROSPECTION_BUDGET } from '../compile/introspection.ts';
import type { ShapeLimits } from '../compile/shape.ts';

/** What one request of a role may do. */
export interface RoleLimits extends ShapeLimits, CostLimits {
  /** Operations in one batched HTTP request. */
  maxBatch?: number;
  /** Operations (subscriptions, queries) running at once on one WebSocket connection. */
  maxSocketOperations?: number;
}

/** The engine's own limits, for every role but admin, where metadata and options say nothing. */
export const DEFAULT_LIMITS = {
  maxDepth: 12,
  maxNodes: 1000,
  maxAliases: 100,
  maxBatch: 20,
  /** The app keeps a handful of subscriptions per page. */
  maxSocketOperations: 100,
  introspectionBudget: DEFAULT_INTROSPECTION_BUDGET,
  /** Seconds one SQL statement may run (PostgreSQL's statement_timeout). */
  timeSeconds: 10,
  /**
   * Rows one request may ask for, estimated before it runs (compile/cost.ts). The app's largest
   * request by that estimate is the surveyor's work queue (16,800: 200 visits, each with its
   * assessments and their signatures, submissions and comments); the probe in docs/security.md (60
   * aliases of a 600-row list with two relationships) is 108,000.
   */
  maxCost: 50_000,
  /** Rows a list without a limit counts for in that estimate. */
  costListRows: DEFAULT_LIST_ROWS,
  /**
   * Statements one user (a JWT's x-hasura-user-id, else one anonymous client address) runs at
   * once; the others of that user wait for theirs without holding a connection, so the rest of the
   * pool stays free for everyone else.
   */
  userStatements: 4,
} as const;

/** Limits set by the engine's options (environment); 0 switches a limit off. */
export interface LimitOptions extends RoleLimits {
  timeSeconds?: number;
  /** Statements one user may run at once (see `DEFAULT_LIMITS.userStatements`). */
  userStatements?: number;
}

interface LimitOption {
  global?: number;
  per_role?: Record<string, number>;
}

/** `api_limits.yaml` as Hasura writes it (`rate_limit` is refused when the metadata is checked). */
export interface ApiLimitsMetadata {
  disabled?: boolean;
  depth_limit?: LimitOption;
  node_limit?: LimitOption;
  time_limit?: LimitOption;
  batch_limit?: LimitOption;
}

const off = (n: number | undefined) => (n === 0 ? undefined : n);

/**
 * Resolves the limits of each role: an engine option wins, then the role's own metadata limit,
 * then the metadata's global one (unless `disabled`), then the engine's default. Hasura's admin
 * role has none, as in Hasura.
 */
export class ApiLimits {
  private readonly byRole = new Map<string, RoleLimits>();

  constructor(
    private readonly metadata: ApiLimitsMetadata = {},
    private readonly options: LimitOptions = {},
  ) {}

  private pick(
    option: number | undefined,
    meta: LimitOption | undefined,
    role: string,
    fallback: number,
  ): number | undefined {
    if (option !== undefined) return off(option);
    if (!this.metadata.disabled && meta) {
      const own = meta.per_role?.[role] ?? meta.global;
      if (own !== undefined) return off(own);
    }
    return fallback;
  }

  /** The limits of one role (computed once). */
  forRole(role: string): RoleLimits {
    if (role === 'admin') return {};
    let limits = this.byRole.get(role);
    if (!limits) {
      const o = this.options;
      const m = this.metadata;
      limits = {
        maxDepth: this.pick(o.maxDepth, m.depth_limit, role, DEFAULT_LIMITS.maxDepth),
        maxNodes: this.pick(o.maxNodes, m.node_limit, role, DEFAULT_LIMITS.maxNodes),
        maxBatch: this.pick(o.maxBatch, m.batch_limit, role, DEFAULT_LIMITS.maxBatch),
        maxAliases: this.pick(o.maxAliases, undefined, role, DEFAULT_LIMITS.maxAliases),
        maxSocketOperations: this.pick(
          o.maxSocketOperations,
          undefined,
          role,
          DEFAULT_LIMITS.maxSocketOperations,
        ),
        introspectionBudget: this.pick(
          o.introspectionBudget,
          undefined,
          role,
          DEFAULT_LIMITS.introspectionBudget,
        ),
        maxCost: this.pick(o.maxCost, undefined, role, DEFAULT_LIMITS.maxCost),
        costListRows: o.costListRows || DEFAULT_LIMITS.costListRows,
      };
      this.byRole.set(role, limits);
    }
    return limits;
  }

  /** Statements one user may run at once, for every role but admin; undefined for no limit. */
  userStatements(): number | undefined {
    return this.pick(this.options.userStatements, undefined, '', DEFAULT_LIMITS.userStatements);
  }

  /**
   * Milliseconds a statement may run, for every connection of the pool (so admin requests too:
   * PostgreSQL's statement_timeout is per connection, not per role); undefined for none.
   */
  statementTimeoutMs(): number | undefined {
    const seconds = this.pick(
      this.options.timeSeconds,
      this.metadata.time_limit,
      '',
      DEFAULT_LIMITS.timeSeconds,
    );
    return seconds === undefined ? undefined : seconds * 1000;
  }
}
