import {
  ADMIN_CONSOLE_INTROSPECTION,
  ADMIN_CONSOLE_LIMITS,
  ADMIN_CONSOLE_NO_DELETE_MESSAGE,
  ADMIN_CONSOLE_SECRET_FIELDS,
  ADMIN_CONSOLE_SECRET_MESSAGE,
  isAdminConsoleHiddenField,
} from '@portal/domain';
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  visit,
} from 'graphql';
import { AppError } from '../../errors/app-error.ts';

/** One console request as the endpoint accepts it (already validated by zod). */
export interface ConsoleRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

interface Measure {
  depth: number;
  nodes: number;
  aliases: number;
  /** `__schema` / `__type` selections, and the deepest of them. */
  meta: number;
  metaDepth: number;
}

/** Whether a variables value holds, at any depth, an object key the console never touches. */
function namesASecret(value: unknown, budget = { left: 10_000 }): boolean {
  if (--budget.left < 0) return true;
  if (Array.isArray(value)) return value.some((item) => namesASecret(item, budget));
  if (value && typeof value === 'object')
    return Object.entries(value).some(
      ([key, inner]) => ADMIN_CONSOLE_SECRET_FIELDS.has(key) || namesASecret(inner, budget),
    );
  return false;
}

const refuse = (message: string) => new AppError('invalid_input', { message });

/**
 * Parses a console request and refuses, with the console's own sentences, what it never does: a
 * subscription (the console only queries and mutates over HTTP), more than one operation, a
 * delete, a shape beyond the engine's limits (depth, fields, aliases; introspection apart: at most
 * three `__schema`/`__type` selections, each at most 16 levels deep), and any secret named in the
 * text (`ADMIN_CONSOLE_SECRET_FIELDS`, `ADMIN_CONSOLE_HIDDEN_TABLES`). This is the first, clear
 * answer, not the protection: the console's role has no secret in its schema at all
 * (docs/decisions/admin-console.md), so a secret this text check cannot see (an enum value in a
 * variable) is refused by the engine. Fragments are measured once, so a document whose fragments
 * expand exponentially is refused in linear time; a cycle is refused.
 */
export function checkConsoleOperation(request: ConsoleRequest): void {
  let document: DocumentNode;
  try {
    // maxTokens bounds the parser's work whatever the text.
    document = parse(request.query, { maxTokens: 20_000 });
  } catch (error) {
    throw refuse(
      error instanceof GraphQLError ? `GraphQL syntax: ${error.message}` : 'GraphQL syntax error.',
    );
  }
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  if (operations.length !== 1) throw refuse('Send exactly one operation per request.');
  const operation = operations[0]!;
  if (request.operationName && operation.name?.value !== request.operationName) {
    throw refuse('The operation name does not match the query.');
  }
  if (operation.operation === 'subscription') throw refuse('The admin console does not take subscriptions.');
  // Secrets and the tables of sessions and one-time tokens: refused wherever they are named — a
  // field (aliased or not), an argument's key (a filter, an insert, a _set) or a variable's key.
  let secret = false;
  visit(document, {
    Field: (node) => {
      if (isAdminConsoleHiddenField(node.name.value)) secret = true;
    },
    ObjectField: (node) => {
      if (ADMIN_CONSOLE_SECRET_FIELDS.has(node.name.value)) secret = true;
    },
  });
  if (secret || namesASecret(request.variables)) throw refuse(ADMIN_CONSOLE_SECRET_MESSAGE);
  if (operation.operation === 'mutation') {
    // Archive, never delete: a root field delete_* (through fragments too) is refused.
    const roots = (set: SelectionSetNode, seen: Set<string>): string[] =>
      set.selections.flatMap((selection) => {
        if (selection.kind === Kind.FIELD) return [selection.name.value];
        if (selection.kind === Kind.INLINE_FRAGMENT) return roots(selection.selectionSet, seen);
        const definition = fragments.get(selection.name.value);
        if (!definition || seen.has(definition.name.value)) return [];
        seen.add(definition.name.value);
        return roots(definition.selectionSet, seen);
      });
    if (roots(operation.selectionSet, new Set()).some((name) => name.startsWith('delete_'))) {
      throw refuse(ADMIN_CONSOLE_NO_DELETE_MESSAGE);
    }
  }

  const measured = new Map<string, Measure>();
  const open = new Set<string>();
  const fragment = (name: string): Measure => {
    const known = measured.get(name);
    if (known) return known;
    if (open.has(name)) throw refuse(`The fragment ${name} refers to itself.`);
    const definition = fragments.get(name);
    if (!definition) return { depth: 0, nodes: 0, aliases: 0, meta: 0, metaDepth: 0 };
    open.add(name);
    const m = measure(definition.selectionSet);
    open.delete(name);
    measured.set(name, m);
    return m;
  };
  const measure = (set: SelectionSetNode): Measure => {
    const out: Measure = { depth: 0, nodes: 0, aliases: 0, meta: 0, metaDepth: 0 };
    const add = (m: Measure, deeper: number) => {
      out.depth = Math.max(out.depth, m.depth + deeper);
      out.nodes += m.nodes;
      out.aliases += m.aliases;
      out.meta += m.meta;
      out.metaDepth = Math.max(out.metaDepth, m.metaDepth);
    };
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        out.nodes += 1;
        if (selection.alias) out.aliases += 1;
        const meta = selection.name.value === '__schema' || selection.name.value === '__type';
        if (meta) {
          // Introspection runs in memory, never reaching the database's time-out: at most a few
          // selections, each no deeper than the standard introspection query (15 levels).
          const inner = selection.selectionSet ? measure(selection.selectionSet) : null;
          out.meta += 1 + (inner?.meta ?? 0);
          out.metaDepth = Math.max(out.metaDepth, 1 + (inner?.depth ?? 0), inner?.metaDepth ?? 0);
        } else if (selection.selectionSet) add(measure(selection.selectionSet), 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        add(measure(selection.selectionSet), 0);
      } else {
        add(fragment(selection.name.value), 0);
      }
    }
    return out;
  };
  const total = measure(operation.selectionSet);
  const limits = ADMIN_CONSOLE_LIMITS;
  if (total.depth > limits.maxDepth)
    throw refuse(`The query is nested deeper than ${limits.maxDepth} levels.`);
  if (total.nodes > limits.maxNodes) throw refuse(`The query selects more than ${limits.maxNodes} fields.`);
  if (total.aliases > limits.maxAliases)
    throw refuse(`The query uses more than ${limits.maxAliases} aliases.`);
  const introspection = ADMIN_CONSOLE_INTROSPECTION;
  if (total.meta > introspection.maxSelections)
    throw refuse(`The query asks for the schema more than ${introspection.maxSelections} times.`);
  if (total.metaDepth > introspection.maxDepth)
    throw refuse(`The schema is asked for deeper than ${introspection.maxDepth} levels.`);
}
