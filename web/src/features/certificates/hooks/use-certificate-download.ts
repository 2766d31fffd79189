import { DOCUMENT_MESSAGES, type TCertificateSize } from '@portal/domain';
import { useCallback, useState } from 'react';
import { useClient } from 'urql';
import { downloadUrl } from '../../../lib/download/download-file.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { requireConnection } from '../../../lib/offline/needs-connection.ts';
import { CertificateDownloadUrlQuery } from '../api/certificate-download-url.ts';

/**
 * Downloads a certificate's PDF in the size chosen in Download certificate (A3 unless said) from
 * the Accreditations list: asks for a short-lived presigned URL
 * when clicked and lets the browser fetch it, with the toasts of a document download (spec 002 §8).
 */
export function useCertificateDownload() {
  const client = useClient();
  const [busyId, setBusyId] = useState<number | null>(null);
  const download = useCallback(
    async (certificateId: number, size: TCertificateSize = 'A3') => {
      if (!requireConnection('Downloading')) return;
      setBusyId(certificateId);
      try {
        const result = await client
          .query(CertificateDownloadUrlQuery, { certificateId, size }, { requestPolicy: 'network-only' })
          .toPromise();
        const answer = result.data?.certificateDownloadUrl;
        if (!answer) {
          notifyError(DOCUMENT_MESSAGES.downloadFailed);
          return;
        }
        downloadUrl(answer.url, answer.name);
        notifySuccess(DOCUMENT_MESSAGES.downloadSucceeded);
      } finally {
        setBusyId(null);
      }
    },
    [client],
  );
  return { download, busyId };
}
