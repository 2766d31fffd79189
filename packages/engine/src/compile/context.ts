import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  GraphQLObjectType,
  getNamedType,
  isLeafType,
  Kind,
  type SelectionSetNode,
  valueFromASTUntyped,
} from 'graphql';
import { validationError } from '../errors.ts';
import type { RoleSchema } from '../schema/build.ts';
import type { TableTypes } from '../schema/table-types.ts';
import { coerceAst, compatible, type InputContext, type VariableUse } from './input.ts';

/** One selected field after fragments, aliases and @skip/@include are resolved. */
export interface Selected {
  alias: string;
  name: string;
  node: FieldNode;
  /** Merged sub-selections of every occurrence of the alias. */
  selections: SelectionSetNode[];
  def: GraphQLField<unknown, unknown> | null;
  path: string;
}

/** State of compiling one operation for one role. */
export class CompileCtx implements InputContext {
  readonly structural = new Set<string>();
  readonly variableUses: VariableUse[] = [];
  readonly t: TableTypes;
  private counter = 0;

  constructor(
    readonly role: RoleSchema,
    readonly variables: Record<string, unknown>,
    readonly declared: Map<string, { type: string; hasDefault: boolean }>,
    readonly fragments: Map<string, FragmentDefinitionNode>,
  ) {
    this.t = role.types;
  }

  /** A fresh table alias (`_t3`). */
  alias(prefix = '_t'): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  /** Coerced arguments of a field; unknown arguments fail like Hasura. */
  args(sel: Selected): Record<string, unknown> {
    const def = sel.def!;
    const out: Record<string, unknown> = {};
    for (const arg of sel.node.arguments ?? []) {
      const a = def.args.find((x) => x.name === arg.name.value);
      if (!a)
        throw validationError(
          `'${sel.name}' has no argument named '${arg.name.value}'`,
          `${sel.path}.args.${arg.name.value}`,
        );
      out[a.name] = coerceAst(this, a.type, arg.value, `${sel.path}.args.${a.name}`);
    }
    for (const a of def.args) {
      if (out[a.name] !== undefined) continue;
      if (a.defaultValue !== undefined) out[a.name] = a.defaultValue;
      else if (a.type.toString().endsWith('!'))
        throw validationError(`missing required field '${a.name}'`, `${sel.path}.args`);
    }
    return out;
  }

  private included(node: { directives?: readonly import('graphql').DirectiveNode[] }, path: string): boolean {
    for (const d of node.directives ?? []) {
      const name = d.name.value;
      if (name !== 'skip' && name !== 'include') {
        if (name === 'cached') continue;
        throw validationError(`directive '${name}' is not defined in the schema`, path);
      }
      const arg = d.arguments?.find((a) => a.name.value === 'if');
      if (!arg) throw validationError(`missing required field 'if'`, path);
      let value: unknown;
      if (arg.value.kind === Kind.VARIABLE) {
        const variable = arg.value.name.value;
        const declared = this.declared.get(variable);
        if (!declared) throw validationError(`unbound variable "${variable}"`, path);
        if (!compatible(declared.type, 'Boolean!', declared.hasDefault))
          throw validationError(
            `variable '${variable}' is declared as '${declared.type}', but used where 'Boolean!' is expected`,
            path,
          );
        this.structural.add(variable);
        value = this.variables[variable];
      } else value = valueFromASTUntyped(arg.value);
      if (typeof value !== 'boolean') throw validationError(`expected Boolean for @${name}(if:)`, path);
      if ((name === 'skip') === value) return false;
    }
    return true;
  }

  /** Fields selected on an object type, in order, with Hasura's error for unknown fields. */
  fields(type: GraphQLObjectType, set: SelectionSetNode | undefined, path: string): Selected[] {
    if (!set) throw validationError(`missing selection set for "${type.name}"`, path);
    const byAlias = new Map<string, Selected>();
    const out: Selected[] = [];
    const visit = (s: SelectionSetNode) => {
      for (const sel of s.selections) {
        if (!this.included(sel, path)) continue;
        if (sel.kind === Kind.FIELD) {
          const alias = sel.alias?.value ?? sel.name.value;
          const existing = byAlias.get(alias);
          if (existing) {
            if (existing.name !== sel.name.value)
              throw validationError(`cannot merge different fields with the same alias '${alias}'`, path);
            if (sel.selectionSet) existing.selections.push(sel.selectionSet);
            continue;
          }
          const fieldPath = `${path}.selectionSet.${alias}`;
          const meta =
            sel.name.value === '__typename' ||
            (type.name === 'query_root' && (sel.name.value === '__schema' || sel.name.value === '__type'));
          const def = meta ? null : (type.getFields()[sel.name.value] ?? null);
          if (!def && !meta)
            throw validationError(`field '${sel.name.value}' not found in type: '${type.name}'`, fieldPath);
          // __schema and __type are objects (answered by graphql-js); __typename is a leaf.
          const leaf = def ? isLeafType(getNamedType(def.type)) : sel.name.value === '__typename';
          if (sel.selectionSet && leaf)
            throw validationError('unexpected subselection set for non-object field', fieldPath);
          const selected: Selected = {
            alias,
            name: sel.name.value,
            node: sel,
            selections: sel.selectionSet ? [sel.selectionSet] : [],
            def,
            path: fieldPath,
          };
          byAlias.set(alias, selected);
          out.push(selected);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          if (!sel.typeCondition || sel.typeCondition.name.value === type.name) visit(sel.selectionSet);
        } else {
          const fragment = this.fragments.get(sel.name.value);
          if (!fragment) throw validationError(`fragment '${sel.name.value}' is not defined`, path);
          if (fragment.typeCondition.name.value === type.name) visit(fragment.selectionSet);
        }
      }
    };
    visit(set);
    return out;
  }

  /** Sub-fields of a selected object field. */
  subfields(sel: Selected, type: GraphQLObjectType): Selected[] {
    if (!sel.selections.length) throw validationError(`missing selection set for "${type.name}"`, sel.path);
    const merged: SelectionSetNode = {
      kind: Kind.SELECTION_SET,
      selections: sel.selections.flatMap((s) => s.selections),
    };
    return this.fields(type, merged, sel.path);
  }
}

/** The object type under NonNull/List wrappers. */
export function objectType(type: unknown): GraphQLObjectType {
  let t = type as { ofType?: unknown };
  while (t && !(t instanceof GraphQLObjectType) && t.ofType) t = t.ofType as { ofType?: unknown };
  if (!(t instanceof GraphQLObjectType)) throw new Error('expected an object type');
  return t;
}
