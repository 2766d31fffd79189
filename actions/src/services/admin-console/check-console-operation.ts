import { ADMIN_CONSOLE_LIMITS, ADMIN_CONSOLE_NO_DELETE_MESSAGE } from '@portal/domain';
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
} from 'graphql';
import { AppError } from '../../errors/app-error.ts';

/** One console request as the endpoint accepts it (already validated by zod). */
export interface ConsoleRequest {
  query: string;
  operationName?: string | null;
}

interface Measure {
  depth: number;
  nodes: number;
  aliases: number;
}

const refuse = (message: string) => new AppError('invalid_input', { message });

/**
 * Parses a console request and refuses what the engine's admin role would let through unchecked:
 * a subscription (the console only queries and mutates over HTTP), more than one operation, and
 * a shape beyond the engine's limits for every other role (depth, fields, aliases; introspection
 * fields are exempt as in the engine, which bounds them itself). Fragments are measured once, so
 * a document whose fragments expand exponentially is refused in linear time; a cycle is refused.
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
    if (!definition) return { depth: 0, nodes: 0, aliases: 0 };
    open.add(name);
    const m = measure(definition.selectionSet);
    open.delete(name);
    measured.set(name, m);
    return m;
  };
  const measure = (set: SelectionSetNode): Measure => {
    const out: Measure = { depth: 0, nodes: 0, aliases: 0 };
    const add = (m: Measure, deeper: number) => {
      out.depth = Math.max(out.depth, m.depth + deeper);
      out.nodes += m.nodes;
      out.aliases += m.aliases;
    };
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        out.nodes += 1;
        if (selection.alias) out.aliases += 1;
        const meta = selection.name.value === '__schema' || selection.name.value === '__type';
        if (selection.selectionSet && !meta) add(measure(selection.selectionSet), 1);
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
}
