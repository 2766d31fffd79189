import { graphql } from '../../../lib/graphql/graphql.ts';

/** A short-lived download URL of a certificate's PDF in one size (A3 unless asked), served as an attachment named `name`. */
export const CertificateDownloadUrlQuery = graphql(`
  query CertificateDownloadUrl($certificateId: Int!, $size: CertificateSize) {
    certificateDownloadUrl(certificateId: $certificateId, size: $size) {
      certificateId
      name
      url
      expiresAt
    }
  }
`);
