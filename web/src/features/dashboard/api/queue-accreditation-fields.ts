import { graphql } from '../../../lib/graphql/graphql.ts';

/** What a back-office queue row shows of the practice behind it (its organisation, for the name). */
export const QueueAccreditationFields = graphql(`
  fragment QueueAccreditationFields on accreditations @_unmask {
    id
    practice_id
    practice {
      organisation_id
      organisation {
        id
        name
      }
    }
  }
`);
