import { graphql } from '../../../lib/graphql/graphql.ts';

/** Adds (resourceId null) or changes a resource or factsheet (provider admin). */
export const SaveResourceMutation = graphql(`
  mutation SaveResource(
    $resourceId: Int
    $kind: GeneralResourceKind!
    $name: String!
    $category: String!
    $description: String
    $forPm: Boolean!
    $forSurveyor: Boolean!
    $url: String
    $storageKey: String
  ) {
    saveResource(
      resourceId: $resourceId
      kind: $kind
      name: $name
      category: $category
      description: $description
      forPm: $forPm
      forSurveyor: $forSurveyor
      url: $url
      storageKey: $storageKey
    ) {
      resourceId
      message
    }
  }
`);
