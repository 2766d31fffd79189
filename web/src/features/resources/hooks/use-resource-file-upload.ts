import { checkUpload, DEFAULT_MAX_FILE_SIZE_MB, DOCUMENT_MESSAGES } from '@portal/domain';
import { useCallback } from 'react';
import { useClient } from 'urql';
import { useServices } from '../../../lib/services.tsx';
import { putFile, UploadHttpError } from '../../../lib/upload/put-file.ts';
import { CreateResourceUploadMutation } from '../api/create-resource-upload.ts';

/** How a file's upload ended: its storage key for saveResource, or the words to show. */
export type TResourceUploadOutcome = { ok: true; storageKey: string } | { ok: false; message: string };

/**
 * A resource's file through the document store: checked in the browser like a document (spec 002
 * §5), then createResourceUpload (a presigned PUT) and the PUT with progress. The row is written by
 * saveResource, which checks the stored object again.
 */
export function useResourceFileUpload() {
  const client = useClient();
  const { publicConfig } = useServices();
  return useCallback(
    async (file: File, onProgress: (fraction: number) => void): Promise<TResourceUploadOutcome> => {
      const maxFileSizeMb = (await publicConfig.load())?.maxFileSizeMb ?? DEFAULT_MAX_FILE_SIZE_MB;
      const check = checkUpload({ name: file.name, type: file.type, size: file.size }, maxFileSizeMb);
      if (!check.ok) return { ok: false, message: check.message };
      const started = await client
        .mutation(CreateResourceUploadMutation, { name: file.name, contentType: file.type, size: file.size })
        .toPromise();
      const answer = started.data?.createResourceUpload;
      if (!answer)
        return {
          ok: false,
          message: started.error?.graphQLErrors[0]?.message || DOCUMENT_MESSAGES.uploadFailed,
        };
      try {
        await putFile(answer.uploadUrl, file, answer.contentType, onProgress);
      } catch (error) {
        return {
          ok: false,
          message:
            error instanceof UploadHttpError && error.status === 403
              ? DOCUMENT_MESSAGES.tooLarge(1)
              : DOCUMENT_MESSAGES.uploadFailed,
        };
      }
      return { ok: true, storageKey: answer.storageKey };
    },
    [client, publicConfig],
  );
}
