import { graphql } from '../../../lib/graphql/graphql.ts';

/** The server's suggested commencement date of a new certificate (spec 001 §7 potential_commencement_date). */
export const GetPotentialCommencementDateQuery = graphql(`
  query GetPotentialCommencementDate($assessmentId: Int!) {
    potentialCommencementDate(assessmentId: $assessmentId) {
      date
    }
  }
`);
