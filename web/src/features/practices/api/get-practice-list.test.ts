import { PRACTICE_LIST_ROW_FIELDS } from '@portal/domain';
import {
  type FieldNode,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  type SelectionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { GetPracticeListQuery } from './get-practice-list.ts';

const operationOf = (definitions: readonly { kind: Kind }[]) =>
  definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
const isPractices = (selection: SelectionNode): selection is FieldNode =>
  selection.kind === Kind.FIELD && selection.name.value === 'practices' && !selection.alias;

describe('GetPracticeList', () => {
  it("selects each practice's CSV row fields (PRACTICE_LIST_ROW_FIELDS) first, exactly as the CSV does", () => {
    const csv =
      operationOf(parse(`{ ${PRACTICE_LIST_ROW_FIELDS} }`).definitions)?.selectionSet.selections ?? [];
    const practices = operationOf(GetPracticeListQuery.definitions)?.selectionSet.selections.find(
      isPractices,
    );
    const listed = practices?.selectionSet?.selections ?? [];
    expect(csv.length).toBeGreaterThan(0);
    expect(listed.slice(0, csv.length).map(print)).toEqual(csv.map(print));
  });
});
