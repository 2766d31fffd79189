import { DOCUMENT_MESSAGES } from '@portal/domain';
import { useCallback, useState } from 'react';
import { useClient } from 'urql';
import { downloadUrl } from '../download/download-file.ts';
import { notifyError, notifySuccess } from '../notify.ts';
import { requireConnection } from '../offline/needs-connection.ts';
import { DocumentDownloadUrlQuery } from './document-upload-api.ts';

/** How a download ended: `unavailable` when storage has lost the document's file. */
export type TDownloadOutcome = 'ok' | 'unavailable' | 'failed';

/**
 * Downloads a document: asks for a short-lived presigned URL (served as an attachment with the
 * document's name) and lets the browser fetch it, so the page stays where it is (spec 002 §8).
 * A document whose file is missing in storage says so in the server's words (and the server marks
 * it, so lists show it Unavailable), not as an error page.
 */
export function useDocumentDownload() {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (documentId: number): Promise<TDownloadOutcome> => {
      if (!requireConnection('Downloading')) return 'failed';
      setBusy(true);
      try {
        const result = await client
          .query(DocumentDownloadUrlQuery, { documentId }, { requestPolicy: 'network-only' })
          .toPromise();
        const answer = result.data?.documentDownloadUrl;
        if (!answer) {
          const unavailable = result.error?.graphQLErrors.some(
            (e) => e.message === DOCUMENT_MESSAGES.unavailable,
          );
          notifyError(unavailable ? DOCUMENT_MESSAGES.unavailable : DOCUMENT_MESSAGES.downloadFailed);
          return unavailable ? 'unavailable' : 'failed';
        }
        downloadUrl(answer.url, answer.name);
        notifySuccess(DOCUMENT_MESSAGES.downloadSucceeded);
        return 'ok';
      } finally {
        setBusy(false);
      }
    },
    [client],
  );
  return { download, busy };
}
