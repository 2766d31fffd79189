import { type DocumentNode, type OperationDefinitionNode, parse } from 'graphql';
import { checkVariableUses } from '../compile/input.ts';
import { compileOperation, prepareVariables, selectOperation } from '../compile/operation.ts';
import type { Plan } from '../compile/plan.ts';
import type { ShapeLimits } from '../compile/shape.ts';
import { validationError } from '../errors.ts';
import type { RoleSchema } from '../schema/build.ts';

interface Entry {
  doc: DocumentNode;
  op: OperationDefinitionNode;
  /** Plans by `planKey`: which variables were given, and the values of the structural ones. */
  plans: Map<string, Plan>;
  structural: string[] | null;
}

const MAX_ENTRIES = 2000;
/** Longer documents are compiled every time instead of cached, so the cache's memory stays bounded. */
const MAX_CACHED_QUERY_CHARS = 64 * 1024;
/** Tokens a document may have: parsing stops there, before a huge document costs time or memory. */
export const MAX_QUERY_TOKENS = 20_000;
const MAX_PLANS_PER_ENTRY = 64;

/** Parsed documents and compiled plans per (role, query text, operation name). */
export class PlanCache {
  private readonly entries = new Map<string, Entry>();

  /** The plan for a request; compiles (and caches) on a miss. */
  get(
    role: RoleSchema,
    query: string,
    operationName: string | undefined | null,
    variables: Record<string, unknown>,
    limits: ShapeLimits,
  ): { plan: Plan; variables: Record<string, unknown> } {
    const key = `${role.role}\u0000${role.backendOnly}\u0000${operationName ?? ''}\u0000${query}`;
    let entry = this.entries.get(key);
    if (!entry) {
      let doc: DocumentNode;
      try {
        doc = parse(query, { maxTokens: MAX_QUERY_TOKENS });
      } catch (error) {
        throw validationError(
          / tokens\b/.test(String(error))
            ? `the query has more than ${MAX_QUERY_TOKENS} tokens`
            : 'not a valid graphql query',
          '$.query',
        );
      }
      entry = { doc, op: selectOperation(doc, operationName), plans: new Map(), structural: null };
      if (query.length <= MAX_CACHED_QUERY_CHARS) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, entry);
      }
    }
    // Defaults and required variables are per request, even when the plan is cached.
    const { variables: prepared } = prepareVariables(entry.op, variables);
    const structKey = entry.structural ? planKey(entry.op, entry.structural, prepared) : null;
    const cached = structKey === null ? undefined : entry.plans.get(structKey);
    if (cached) {
      checkVariableUses(cached.variableUses, prepared);
      return { plan: cached, variables: prepared };
    }
    const plan = compileOperation(role, entry.doc, entry.op, variables, limits);
    // Plans whose shape depends on variables are cached per value of those variables.
    entry.structural = plan.structural;
    const k = planKey(entry.op, plan.structural, prepared);
    if (entry.plans.size >= MAX_PLANS_PER_ENTRY) entry.plans.delete(entry.plans.keys().next().value!);
    entry.plans.set(k, plan);
    return { plan, variables: prepared };
  }
}

/**
 * What a plan's shape depends on: which variables the request gives (an omitted optional variable
 * drops its argument, a given one becomes a parameter) and the names and values of the variables
 * its compilation read as structure. Names are part of the key, so plans compiled with different
 * structural sets never share one.
 */
function planKey(
  op: OperationDefinitionNode,
  structural: string[],
  variables: Record<string, unknown>,
): string {
  const given = (op.variableDefinitions ?? []).map((d) =>
    variables[d.variable.name.value] === undefined ? 0 : 1,
  );
  return JSON.stringify([given.join(''), structural.map((n) => [n, variables[n] ?? null])]);
}
