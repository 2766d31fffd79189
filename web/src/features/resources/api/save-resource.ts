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

/** Starts the upload of a resource's file: a presigned PUT and the key to save. */
export const CreateResourceUploadMutation = graphql(`
  mutation CreateResourceUpload($name: String!, $contentType: String!, $size: Float!) {
    createResourceUpload(name: $name, contentType: $contentType, size: $size) {
      storageKey
      uploadUrl
      contentType
    }
  }
`);

/** Archives (archived true) or restores a resource or factsheet. */
export const ArchiveResourceMutation = graphql(`
  mutation ArchiveResource($resourceId: Int!, $archived: Boolean!) {
    archiveResource(resourceId: $resourceId, archived: $archived) {
      resourceId
      archived
      message
    }
  }
`);
