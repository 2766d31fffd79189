import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * What every list of the dashboard shows of a practice. Unmasked: it only saves repeating the
 * same fields in each list, whose items stay plain objects.
 */
export const DuePracticeFields = graphql(`
  fragment DuePracticeFields on practices @_unmask {
    organisation_id
    status
    organisation {
      id
      name
    }
  }
`);
