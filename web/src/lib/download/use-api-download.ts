import { useCallback, useState } from 'react';
import { notifyError, notifySuccess } from '../notify.ts';
import { requireConnection } from '../offline/needs-connection.ts';
import { useServices } from '../services.tsx';
import { fetchFile, saveFile } from './download-file.ts';

/**
 * A file the actions service makes on request (a PDF), fetched with the bearer token and handed
 * to the browser's downloads under the name its Content-Disposition gives (spec 002 §7 "generic
 * blob download"). `busyId` is the id of the file on its way, for a button's loading state; the
 * outcome is a toast with the caller's words (spec 002 §8: only some downloads announce success).
 */
export function useApiDownload(messages: { failed: string; succeeded?: string; what: string }) {
  const { authorisedFetch, apiUrl } = useServices();
  const [busyId, setBusyId] = useState<number | null>(null);
  const { failed, succeeded, what } = messages;
  const download = useCallback(
    async (id: number, path: string, fallbackName: string, accept = 'application/pdf') => {
      if (!requireConnection('Downloading')) return;
      setBusyId(id);
      try {
        const { blob, fileName } = await fetchFile(authorisedFetch, `${apiUrl}${path}`, fallbackName, accept);
        saveFile(blob, fileName);
        if (succeeded) notifySuccess(succeeded);
      } catch (error) {
        console.error(`${what} download failed`, error);
        notifyError(failed);
      } finally {
        setBusyId(null);
      }
    },
    [authorisedFetch, apiUrl, failed, succeeded, what],
  );
  return { download, busyId };
}
