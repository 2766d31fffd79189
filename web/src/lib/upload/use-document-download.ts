import { DOCUMENT_MESSAGES } from '@portal/domain';
import { useCallback, useState } from 'react';
import { useClient } from 'urql';
import { downloadUrl } from '../download/download-file.ts';
import { notifyError, notifySuccess } from '../notify.ts';
import { DocumentDownloadUrlQuery } from './document-upload-api.ts';

/**
 * Downloads a document: asks for a short-lived presigned URL (served as an attachment with the
 * document's name) and lets the browser fetch it, so the page stays where it is (spec 002 §8).
 */
export function useDocumentDownload() {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (documentId: number) => {
      setBusy(true);
      try {
        const result = await client
          .query(DocumentDownloadUrlQuery, { documentId }, { requestPolicy: 'network-only' })
          .toPromise();
        const answer = result.data?.documentDownloadUrl;
        if (!answer) {
          notifyError(DOCUMENT_MESSAGES.downloadFailed);
          return;
        }
        downloadUrl(answer.url, answer.name);
        notifySuccess(DOCUMENT_MESSAGES.downloadSucceeded);
      } finally {
        setBusy(false);
      }
    },
    [client],
  );
  return { download, busy };
}
