import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/**
 * The resources or factsheets the user may read (spec 002 §2; the server's rule: admins all,
 * archived ones too, surveyors for_surveyor, practice managers for_pm). The lists are small (tens),
 * so they come whole and are searched and filtered in the browser.
 */
export const GetResourcesQuery = graphql(`
  query GetResources($kind: String!) {
    indicator_resources(
      where: { kind: { _eq: $kind }, indicator_id: { _is_null: true } }
      order_by: [{ category: asc }, { name: asc }]
    ) {
      id
      kind
      name
      category
      description
      file_type
      url
      for_pm
      for_surveyor
      archived
      updated_at
    }
  }
`);

export type TResourceRow = ResultOf<typeof GetResourcesQuery>['indicator_resources'][number];
