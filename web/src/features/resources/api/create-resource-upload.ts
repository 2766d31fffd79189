import { graphql } from '../../../lib/graphql/graphql.ts';

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
