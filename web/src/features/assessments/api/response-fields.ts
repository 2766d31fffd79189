import { graphql } from '../../../lib/graphql/graphql.ts';

/** The fields of an indicator response the screen shows and saves (no document of its own). */
export const ResponseFieldsFragment = graphql(`
  fragment ResponseFields on indicator_responses {
    id
    indicator_id
    compliance
    is_marked_complete
    further_action_required
    reviewed
    non_conformity_status
    refer_to_ca
    date_closed
    non_compliance_statement
    non_compliance_type
    risk_type
    risk_likelihood
    risk_impact
    risk_rating
    observation
    action_plan
    checklists
    updated_at
    new_in_edition
    review_after_move
  }
`);
