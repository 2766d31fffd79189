import { DOCUMENT_MESSAGES } from '@portal/domain';
import { useCallback, useState } from 'react';
import { useClient } from 'urql';
import { downloadUrl } from '../download/download-file.ts';
import { notifyError, notifySuccess } from '../notify.ts';
import { requireConnection } from '../offline/needs-connection.ts';
import { ResourceDownloadUrlQuery } from './resource-download-api.ts';

/**
 * Opens an indicator resource (spec 002 §2 "A resource has a file or a url"): asks for it when
 * clicked; a file comes as a short-lived presigned URL served as an attachment with the
 * resource's name, which the browser fetches so the page stays where it is; a link opens in a new
 * tab. The toasts are those of a document download (spec 002 §8).
 */
export function useResourceDownload() {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (resourceId: number) => {
      if (!requireConnection('Downloading')) return;
      setBusy(true);
      try {
        const result = await client
          .query(ResourceDownloadUrlQuery, { resourceId }, { requestPolicy: 'network-only' })
          .toPromise();
        const answer = result.data?.resourceDownloadUrl;
        if (!answer) {
          notifyError(DOCUMENT_MESSAGES.downloadFailed);
          return;
        }
        if (answer.expiresAt === null) {
          window.open(answer.url, '_blank', 'noopener,noreferrer');
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
