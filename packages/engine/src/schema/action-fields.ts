import {
  type DefinitionNode,
  GraphQLEnumType,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLList,
  type GraphQLNamedType,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  Kind,
  parse,
  type TypeNode,
} from 'graphql';
import type { Model } from '../model/types.ts';
import { info } from './info.ts';
import type { TableTypes } from './table-types.ts';
import { list, nn } from './wrappers.ts';

type Fields = GraphQLFieldConfigMap<unknown, unknown>;

/** Action root fields and their custom types (from actions.graphql). */
export function addActions(model: Model, t: TableTypes, role: string, query: Fields, mutation: Fields) {
  const visible = model.actions.filter((a) => role === 'admin' || a.roles.has(role));
  if (!visible.length) return;
  const defs = new Map<string, DefinitionNode & { name: { value: string } }>();
  if (model.actionTypesSdl.trim())
    for (const d of parse(model.actionTypesSdl).definitions)
      if ('name' in d && d.name) defs.set(d.name.value, d as never);
  const reg = t.reg;
  const named = (name: string): GraphQLNamedType => {
    const existing = reg.lookup(name);
    if (existing) return existing;
    const def = defs.get(name);
    if (!def) return reg.scalar(name);
    if (def.kind === Kind.SCALAR_TYPE_DEFINITION) return reg.scalar(name);
    if (def.kind === Kind.ENUM_TYPE_DEFINITION)
      return reg.get(
        name,
        () =>
          new GraphQLEnumType({
            name,
            description: def.description?.value,
            values: Object.fromEntries(
              (def.values ?? []).map((v) => [
                v.name.value,
                { value: v.name.value, description: v.description?.value },
              ]),
            ),
          }),
      );
    if (def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION)
      return reg.get(
        name,
        () =>
          new GraphQLInputObjectType({
            name,
            description: def.description?.value,
            fields: () =>
              Object.fromEntries(
                (def.fields ?? []).map((f) => [
                  f.name.value,
                  { type: typeOf(f.type) as GraphQLInputType, description: f.description?.value },
                ]),
              ),
          }),
      );
    if (def.kind === Kind.OBJECT_TYPE_DEFINITION)
      return reg.get(
        name,
        () =>
          new GraphQLObjectType({
            name,
            description: def.description?.value,
            fields: () => {
              const fields: Fields = Object.fromEntries(
                (def.fields ?? []).map((f) => [
                  f.name.value,
                  { type: typeOf(f.type) as GraphQLOutputType, description: f.description?.value },
                ]),
              );
              for (const rel of model.actionRelationships.get(name) ?? []) {
                if (!t.perms(rel.target).select) continue;
                const target = t.object(rel.target);
                fields[rel.name] =
                  rel.kind === 'object'
                    ? { type: target, extensions: info({ kind: 'action_rel', rel }) }
                    : {
                        type: nn(list(nn(target))),
                        args: t.selectArgs(rel.target),
                        extensions: info({ kind: 'action_rel', rel }),
                      };
              }
              return fields;
            },
          }),
      );
    throw new Error(`unsupported action type definition ${name}`);
  };
  // biome-ignore lint/suspicious/noExplicitAny: input and output wrappers share this walk
  const typeOf = (node: TypeNode): any => {
    if (node.kind === Kind.NON_NULL_TYPE) return new GraphQLNonNull(typeOf(node.type));
    if (node.kind === Kind.LIST_TYPE) return new GraphQLList(typeOf(node.type));
    return named(node.name.value) as GraphQLInputType;
  };
  const typeFromText = (text: string) => typeOf(parseTypeText(text));
  for (const action of visible) {
    const args: GraphQLFieldConfigArgumentMap = Object.fromEntries(
      action.args.map((a) => [a.name, { type: typeFromText(a.type) as GraphQLInputType }]),
    );
    const field = {
      type: typeFromText(action.outputType) as GraphQLOutputType,
      args,
      description: action.comment ?? undefined,
      extensions: info({ kind: 'action', action }),
    };
    (action.kind === 'query' ? query : mutation)[action.name] = field;
  }
}

function parseTypeText(text: string): TypeNode {
  const doc = parse(`type X { f: ${text} }`);
  const def = doc.definitions[0];
  if (def?.kind !== Kind.OBJECT_TYPE_DEFINITION) throw new Error('unreachable');
  return def.fields![0]!.type;
}
