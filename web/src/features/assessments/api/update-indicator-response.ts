import { graphql } from '../../../lib/graphql/graphql.ts';
import { ResponseFieldsFragment } from './response-fields.ts';

/**
 * Saves what changed of one response (spec 001 §7 updateIndicatorResponse): the changed fields,
 * and each changed checklist question appended over the stored ones, so what others saved in the
 * meantime stays.
 */
export const UpdateIndicatorResponseMutation = graphql(
  `
  mutation UpdateIndicatorResponse(
    $id: Int!
    $set: indicator_responses_set_input!
    $append: indicator_responses_append_input!
  ) {
    update_indicator_responses_by_pk(pk_columns: { id: $id }, _set: $set, _append: $append) {
      ...ResponseFields
    }
  }
`,
  [ResponseFieldsFragment],
);
