import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
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
        if (error instanceof NotFound) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    destroy() {
      client.destroy();
      presigner.destroy();
    },
  };
}

/** A Content-Disposition for a download: an ASCII fallback name and the real one (RFC 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
