import { graphql } from '../../../lib/graphql/graphql.ts';

/** What the register shows of one staff document (a link to download it). */
export const StaffDocumentFields = graphql(`
  fragment StaffDocumentFields on documents {
    id
    name
    file_size
  }
`);
