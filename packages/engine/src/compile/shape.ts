import {
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { validationError } from '../errors.ts';

/** Limits on the shape of an operation (api_limits / engine options); unset means unlimited. */
export interface ShapeLimits {
  /** Nesting of fields with a selection set (`{ a { b { id } } }` has depth 2). */
  maxDepth?: number;
  /** Fields selected, fragments expanded. */
  maxNodes?: number;
  /** Fields written with an alias, fragments expanded. */
  maxAliases?: number;
  /** Values an introspection answer may have (see `DEFAULT_INTROSPECTION_BUDGET`). */
  introspectionBudget?: number;
}

/** What a selection set adds up to once its fragments are expanded. */
interface Measure {
  depth: number;
  nodes: number;
  aliases: number;
}

/** `"a"`, `"a" and "b"`, `"a", "b" and "c"`: Hasura's English lists. */
function englishList(names: string[]): string {
  const quoted = names.map((n) => JSON.stringify(n));
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/**
 * Checks an operation before anything is compiled or introspected: fragment spreads must not form
 * a cycle (Hasura's message), and depth, node and alias counts must be within `limits`. Every
 * fragment is measured once, so a document whose fragments expand exponentially is counted (and
 * refused) in time linear in its size, never expanded.
 */
export function checkShape(
  op: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  limits: ShapeLimits,
): void {
  const measured = new Map<string, Measure>();
  const stack: string[] = [];

  const fragment = (name: string): Measure => {
    const known = measured.get(name);
    if (known) return known;
    const at = stack.indexOf(name);
    if (at >= 0)
      throw validationError(
        `the fragment definition(s) ${englishList([name, ...stack.slice(at + 1)])} form a cycle`,
      );
    const def = fragments.get(name);
    // An undefined fragment is reported by the compiler, with its path, if it is ever reached.
    if (!def) return { depth: 0, nodes: 0, aliases: 0 };
    stack.push(name);
    const m = measure(def.selectionSet);
    stack.pop();
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
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        out.nodes += 1;
        if (sel.alias) out.aliases += 1;
        // Introspection has its own bounds (see introspection.ts); a client's full introspection
        // query nests type references deeper than any data query needs to.
        const meta = sel.name.value === '__schema' || sel.name.value === '__type';
        if (sel.selectionSet) {
          const inner = measure(sel.selectionSet);
          add(meta ? { ...inner, depth: 0 } : inner, meta ? 0 : 1);
        }
      } else if (sel.kind === Kind.INLINE_FRAGMENT) add(measure(sel.selectionSet), 0);
      else add(fragment(sel.name.value), 0);
    }
    return out;
  };

  // Every fragment of the document, used or not, must be free of cycles (GraphQL spec 5.5.2.2).
  for (const name of fragments.keys()) fragment(name);
  const m = measure(op.selectionSet);
  if (limits.maxDepth !== undefined && m.depth > limits.maxDepth)
    throw validationError(`the query exceeds the maximum depth of ${limits.maxDepth}`);
  if (limits.maxNodes !== undefined && m.nodes > limits.maxNodes)
    throw validationError(`the query exceeds the maximum number of nodes (${limits.maxNodes})`);
  if (limits.maxAliases !== undefined && m.aliases > limits.maxAliases)
    throw validationError(`the query exceeds the maximum number of aliases (${limits.maxAliases})`);
}
