import { graphql } from '../../../lib/graphql/graphql.ts';

/** A short-lived download URL of a certificate's PDF, served as an attachment named `name`. */
export const CertificateDownloadUrlQuery = graphql(`
  query CertificateDownloadUrl($certificateId: Int!) {
    certificateDownloadUrl(certificateId: $certificateId) {
      certificateId
      name
      url
      expiresAt
    }
  }
`);
