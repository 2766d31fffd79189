import {
  GraphQLEnumType,
  type GraphQLFieldConfigArgumentMap,
  GraphQLInputObjectType,
  GraphQLInt,
} from 'graphql';
import type { Table } from '../model/types.ts';
import { info } from './info.ts';
import type { TableTypes } from './table-types.ts';
import { list, nn } from './wrappers.ts';

/** Arguments of `T_stream`: `batch_size`, `cursor`, `where`. */
export function streamArgs(t: TableTypes, table: Table): GraphQLFieldConfigArgumentMap {
  return {
    batch_size: { type: nn(GraphQLInt), description: 'maximum number of rows returned in a single batch' },
    cursor: {
      type: nn(list(cursorInput(t, table))),
      description: 'cursor to stream the results returned by the query',
    },
    where: { type: t.boolExp(table), description: 'filter the rows returned' },
  };
}

function cursorOrdering(t: TableTypes): GraphQLEnumType {
  return t.reg.get(
    'cursor_ordering',
    () =>
      new GraphQLEnumType({
        name: 'cursor_ordering',
        description: 'ordering argument of a cursor',
        values: {
          ASC: { value: 'ASC', description: 'ascending ordering of the cursor' },
          DESC: { value: 'DESC', description: 'descending ordering of the cursor' },
        },
      }),
  );
}

function cursorInput(t: TableTypes, table: Table): GraphQLInputObjectType {
  const name = `${table.gqlName}_stream_cursor_input`;
  return t.reg.get(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `Streaming cursor of the table "${table.name}"`,
        fields: () => ({
          initial_value: {
            type: nn(cursorValueInput(t, table)),
            description: 'Stream column input with initial value',
          },
          ordering: { type: cursorOrdering(t), description: 'cursor ordering' },
        }),
      }),
  );
}

function cursorValueInput(t: TableTypes, table: Table): GraphQLInputObjectType {
  const name = `${table.gqlName}_stream_cursor_value_input`;
  return t.reg.get(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: 'Initial value of the column from where the streaming should start',
        fields: () =>
          Object.fromEntries(
            t
              .selectColumns(table)
              .map((c) => [
                c.gqlName,
                { type: t.columnType(c), extensions: info({ kind: 'column', column: c }) },
              ]),
          ),
      }),
  );
}
