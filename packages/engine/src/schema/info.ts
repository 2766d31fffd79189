import type { GraphQLField, GraphQLInputField } from 'graphql';
import type {
  Action,
  ActionRelationship,
  Column,
  ComputedField,
  Relationship,
  RootFieldKind,
  Table,
  TrackedFunction,
} from '../model/types.ts';

/** What a field of a generated output type reads. */
export type OutputInfo =
  | { kind: 'column'; column: Column }
  | { kind: 'computed'; field: ComputedField }
  | { kind: 'rel'; rel: Relationship }
  | { kind: 'rel_aggregate'; rel: Relationship }
  | { kind: 'action_rel'; rel: ActionRelationship };

/** What a root field does. */
export type RootInfo =
  | { kind: RootFieldKind; table: Table }
  | { kind: 'action'; action: Action }
  | { kind: 'function' | 'function_aggregate'; fn: TrackedFunction };

/** What a field of a generated input type refers to. */
export type InputInfo =
  | { kind: 'column'; column: Column }
  | { kind: 'computed'; field: ComputedField }
  | { kind: 'rel'; rel: Relationship }
  | { kind: 'rel_aggregate'; rel: Relationship };

/** Engine data attached to graphql-js field definitions. */
export const info = (engine: OutputInfo | RootInfo | InputInfo) => ({ engine });

/** The engine info of an output field (column, relationship, root field...). */
export function outputInfo(field: GraphQLField<unknown, unknown>): OutputInfo | RootInfo | undefined {
  return (field.extensions as { engine?: OutputInfo | RootInfo }).engine;
}

/** The engine info of an input field (column, relationship...). */
export function inputInfo(field: GraphQLInputField): InputInfo | undefined {
  return (field.extensions as { engine?: InputInfo }).engine;
}
