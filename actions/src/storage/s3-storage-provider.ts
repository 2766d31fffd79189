import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
    downloadUrl(key, expiresInSeconds) {
      return getSignedUrl(presigner, new GetObjectCommand({ Bucket: config.bucket, Key: key }), {
        expiresIn: expiresInSeconds,
      });
    },
    destroy() {
      client.destroy();
      presigner.destroy();
    },
  };
}
