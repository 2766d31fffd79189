import {
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  Lexer,
  type OperationDefinitionNode,
  parse,
  Source,
  TokenKind,
} from 'graphql';
import { type CostLimits, checkCost } from '../compile/cost.ts';
import { checkVariableUses } from '../compile/input.ts';
import { compileOperation, prepareVariables, selectOperation, usedVariables } from '../compile/operation.ts';
import type { Plan } from '../compile/plan.ts';
import { checkShape, type ShapeLimits } from '../compile/shape.ts';
import { validationError } from '../errors.ts';
import type { RoleSchema } from '../schema/build.ts';

interface Entry {
  doc: DocumentNode;
  op: OperationDefinitionNode;
  fragments: Map<string, FragmentDefinitionNode>;
  /** The variables the operation refers to (its fragments' included): a value for any other is refused. */
  used: ReadonlySet<string>;
  /** Plans by `planKey`: which variables were given, and the values of the structural ones. */
  plans: Map<string, Plan>;
  structural: string[] | null;
}

const MAX_ENTRIES = 2000;
/** Longer documents are compiled every time instead of cached, so the cache's memory stays bounded. */
const MAX_CACHED_QUERY_CHARS = 64 * 1024;
/** Tokens a document may have: parsing stops there, before a huge document costs time or memory. */
export const MAX_QUERY_TOKENS = 20_000;
/**
 * Brackets (`{`, `[`, `(`) open at once in a document: selections and input values nested deeper
 * are refused before the document is parsed, for every role, so that nothing that walks them
 * (the parser, argument coercion, SQL building) can run out of stack. The app's deepest query
 * nests about 15; depth, node and cost limits come after and are narrower.
 */
export const MAX_QUERY_NESTING = 64;

/**
 * Refuses a document that nests brackets deeper than `MAX_QUERY_NESTING`, reading its tokens
 * without recursion. A document the lexer cannot read is left to the parser to report.
 */
export function checkNesting(query: string): void {
  const lexer = new Lexer(new Source(query));
  let depth = 0;
  try {
    for (let n = 0; n <= MAX_QUERY_TOKENS; n += 1) {
      const token = lexer.advance();
      if (token.kind === TokenKind.EOF) return;
      if (
        token.kind === TokenKind.BRACE_L ||
        token.kind === TokenKind.BRACKET_L ||
        token.kind === TokenKind.PAREN_L
      ) {
        depth += 1;
        if (depth > MAX_QUERY_NESTING)
          throw validationError(`the query nests more than ${MAX_QUERY_NESTING} levels deep`, '$.query');
      } else if (
        token.kind === TokenKind.BRACE_R ||
        token.kind === TokenKind.BRACKET_R ||
        token.kind === TokenKind.PAREN_R
      )
        depth -= 1;
    }
  } catch (error) {
    if ((error as { name?: string }).name !== 'GraphQLError') throw error;
  }
}
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
    limits: ShapeLimits & CostLimits,
  ): { plan: Plan; variables: Record<string, unknown> } {
    const key = `${role.role}\u0000${role.backendOnly}\u0000${operationName ?? ''}\u0000${query}`;
    let entry = this.entries.get(key);
    if (!entry) {
      checkNesting(query);
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
      const op = selectOperation(doc, operationName);
      const fragments = new Map<string, FragmentDefinitionNode>();
      for (const d of doc.definitions)
        if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
      entry = { doc, op, fragments, used: usedVariables(op, fragments), plans: new Map(), structural: null };
      if (query.length <= MAX_CACHED_QUERY_CHARS) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, entry);
      }
    }
    // Defaults and required variables are per request, even when the plan is cached.
    const { variables: prepared } = prepareVariables(entry.op, variables, entry.used);
    const structKey = entry.structural ? planKey(entry.op, entry.structural, prepared) : null;
    const cached = structKey === null ? undefined : entry.plans.get(structKey);
    if (cached) {
      checkVariableUses(cached.variableUses, prepared);
      // A limit given by a variable changes the cost, not the plan: checked for each request.
      checkCost(role, entry.op, entry.fragments, prepared, limits);
      return { plan: cached, variables: prepared };
    }
    // A refused request costs a walk of its text, not the SQL of sixty aliases (compiled and then
    // thrown away, a flood of them kept the event loop busy): shape and cost are checked first.
    checkShape(entry.op, entry.fragments, limits);
    checkCost(role, entry.op, entry.fragments, prepared, limits);
    const plan = compileOperation(role, entry.doc, entry.op, variables, limits, entry.used);
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
