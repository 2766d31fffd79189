import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { freePort } from '@portal/devdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningS3, startS3rver } from './s3.ts';

const ORIGIN = 'http://localhost:3000';

function client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

describe('s3rver', () => {
  let dir: string;
  let port: number;
  let s3: RunningS3;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stack-s3-'));
    port = await freePort();
    s3 = await startS3rver({ port, directory: dir, bucket: 'portal-test', allowedOrigins: [ORIGIN] });
  });
  afterAll(async () => {
    await s3.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the bucket with CORS for the app origin: a browser-style preflight and presigned PUT work', async () => {
    const s3Client = client(s3.endpoint);
    const key = 'documents/1/policy.pdf';
    const putUrl = await getSignedUrl(
      s3Client,
      new PutObjectCommand({ Bucket: 'portal-test', Key: key, ContentType: 'application/pdf' }),
      { expiresIn: 60 },
    );

    const preflight = await fetch(putUrl, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');

    const put = await fetch(putUrl, {
      method: 'PUT',
      headers: { origin: ORIGIN, 'content-type': 'application/pdf' },
      body: '%PDF-1.7 test',
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBeTruthy();

    const getUrl = await getSignedUrl(s3Client, new GetObjectCommand({ Bucket: 'portal-test', Key: key }), {
      expiresIn: 60,
    });
    const get = await fetch(getUrl, { headers: { origin: ORIGIN } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(await get.text()).toBe('%PDF-1.7 test');
  });

  it('refuses a preflight from another origin', async () => {
    const preflight = await fetch(`${s3.endpoint}/portal-test/x`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(403);
  });

  it('keeps bucket and objects across a restart on the same directory', async () => {
    const s3Client = client(s3.endpoint);
    await s3Client.send(new PutObjectCommand({ Bucket: 'portal-test', Key: 'kept.txt', Body: 'still here' }));
    await s3.stop();
    s3 = await startS3rver({ port, directory: dir, bucket: 'portal-test', allowedOrigins: [ORIGIN] });
    const object = await client(s3.endpoint).send(
      new GetObjectCommand({ Bucket: 'portal-test', Key: 'kept.txt' }),
    );
    expect(await object.Body?.transformToString()).toBe('still here');
  });
});
