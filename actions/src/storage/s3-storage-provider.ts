import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config/load-config.ts';
import type { StorageProvider } from './storage-provider.ts';

/** Storage on the S3 API (AWS S3, MinIO, s3rver). */
export function createS3StorageProvider(config: S3Config): StorageProvider & { destroy(): void } {
  const base = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
  };
  const client = new S3Client({ ...base, ...(config.endpoint ? { endpoint: config.endpoint } : {}) });
  // URLs for browsers use the endpoint browsers can reach, and carry no checksum of an empty
  // body (which real S3 may reject).
  const presigner = new S3Client({
    ...base,
    ...(config.publicEndpoint ? { endpoint: config.publicEndpoint } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    downloadUrl(key, expiresInSeconds, options = {}) {
      const command = new GetObjectCommand({
        Bucket: config.bucket,
        Key: key,
        ...(options.fileName ? { ResponseContentDisposition: attachment(options.fileName) } : {}),
      });
      return getSignedUrl(presigner, command, { expiresIn: expiresInSeconds });
    },
    uploadUrl(key, object, expiresInSeconds) {
      const command = new PutObjectCommand({
        Bucket: config.bucket,
        Key: key,
        ContentType: object.contentType,
        ContentLength: object.contentLength,
      });
      return getSignedUrl(presigner, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-type', 'content-length']),
      });
    },
    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }));
        return { size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? '' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stream(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async readStart(key, length) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Range: `bytes=0-${Math.max(length, 1) - 1}`,
          }),
        );
        if (!answer.Body) return Buffer.alloc(0);
        // Some servers ignore Range: keep only what was asked for.
        return Buffer.from(await answer.Body.transformToByteArray()).subarray(0, length);
      } catch (error) {
        if (isMissing(error)) return null;
        // An empty object has no byte 0: S3 answers 416 to any range of it.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
          return Buffer.alloc(0);
        throw error;
      }
    },
    destroy() {
      client.destroy();
      presigner.destroy();
    },
  };
}

/** Whether an S3 error says the object (or its key) does not exist. */
function isMissing(error: unknown): boolean {
  if (error instanceof NotFound || error instanceof NoSuchKey) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/** A Content-Disposition for a download: an ASCII fallback name and the real one (RFC 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
