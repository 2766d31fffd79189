/** A PUT to storage that did not answer 2xx (status 0 when the request never completed). */
export class UploadHttpError extends Error {
  override readonly name = 'UploadHttpError';
  constructor(readonly status: number) {
    super(`the upload answered ${status}`);
  }
}

/**
 * PUTs a file to a presigned URL with XMLHttpRequest, for its upload progress (fetch has none).
 * Only the signed `Content-Type` is sent: never the bearer token, which is not storage's business.
 * `onProgress` gets the fraction sent, 0 to 1.
 */
export function putFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new UploadHttpError(request.status));
    };
    request.onerror = () => reject(new UploadHttpError(0));
    request.onabort = () => reject(new UploadHttpError(0));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
