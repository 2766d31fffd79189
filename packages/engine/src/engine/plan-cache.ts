import { type DocumentNode, type OperationDefinitionNode, parse } from 'graphql';
import type { ShapeLimits } from '../compile/context.ts';
import { checkVariableUses } from '../compile/input.ts';
import { compileOperation, prepareVariables, selectOperation } from '../compile/operation.ts';
import type { Plan } from '../compile/plan.ts';
import { validationError } from '../errors.ts';
import type { RoleSchema } from '../schema/build.ts';

interface Entry {
  doc: DocumentNode;
  op: OperationDefinitionNode;
  /** Plans by the JSON of their structural variables. */
  plans: Map<string, Plan>;
  structural: string[] | null;
}

const MAX_ENTRIES = 2000;
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
        doc = parse(query);
      } catch {
        throw validationError('not a valid graphql query', '$.query');
      }
      entry = { doc, op: selectOperation(doc, operationName), plans: new Map(), structural: null };
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, entry);
    }
    // Defaults and required variables are per request, even when the plan is cached.
    const { variables: prepared } = prepareVariables(entry.op, variables);
    const structKey = entry.structural ? JSON.stringify(entry.structural.map((n) => prepared[n])) : null;
    const cached = structKey === null ? undefined : entry.plans.get(structKey);
    if (cached) {
      checkVariableUses(cached.variableUses, prepared);
      return { plan: cached, variables: prepared };
    }
    const plan = compileOperation(role, entry.doc, entry.op, variables, limits);
    // Plans whose shape depends on variables are cached per value of those variables.
    entry.structural = plan.structural;
    const k = JSON.stringify(plan.structural.map((n) => prepared[n]));
    if (entry.plans.size >= MAX_PLANS_PER_ENTRY) entry.plans.delete(entry.plans.keys().next().value!);
    entry.plans.set(k, plan);
    return { plan, variables: prepared };
  }
}
