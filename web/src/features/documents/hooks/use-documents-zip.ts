import { DOCUMENT_MESSAGES } from '@portal/domain';
import { useCallback, useState } from 'react';
import { useClient } from 'urql';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { requireConnection } from '../../../lib/offline/needs-connection.ts';
import { useServices } from '../../../lib/services.tsx';
import { GetDocumentsZipUrlQuery } from '../api/get-documents-zip-url.ts';

/**
 * Download Selected and Download All (spec 002 §2, §8): asks for a short-lived zip link and
 * navigates an <a download> to it, so the browser streams the zip straight to disk (no blob in
 * memory). The link needs no token: its ticket names the user, the practice and the documents.
 */
export function useDocumentsZip(practiceId: number) {
  const client = useClient();
  const { apiUrl } = useServices();
  const [busy, setBusy] = useState<'selection' | 'folder' | null>(null);

  const download = useCallback(
    async (what: { documentIds: readonly number[] } | { folderId: number }) => {
      if (!requireConnection('Downloading')) return false;
      const folder = 'folderId' in what;
      setBusy(folder ? 'folder' : 'selection');
      try {
        const result = await client
          .query(
            GetDocumentsZipUrlQuery,
            folder
              ? { practiceId, folderId: what.folderId }
              : { practiceId, documentIds: [...what.documentIds] },
            { requestPolicy: 'network-only' },
          )
          .toPromise();
        const answer = result.data?.documentsZipUrl;
        if (!answer) {
          notifyError(
            folder ? DOCUMENT_MESSAGES.folderDownloadFailed : DOCUMENT_MESSAGES.documentsDownloadFailed,
          );
          return false;
        }
        const link = document.createElement('a');
        // The url is relative to the service's origin (the page's, behind the gateway).
        link.href = new URL(answer.url, apiUrl).href;
        link.download = answer.name;
        link.rel = 'noopener';
        document.body.append(link);
        link.click();
        link.remove();
        notifySuccess(folder ? DOCUMENT_MESSAGES.folderDownloaded : DOCUMENT_MESSAGES.documentsDownloaded);
        return true;
      } finally {
        setBusy(null);
      }
    },
    [client, apiUrl, practiceId],
  );
  return { download, busy };
}
