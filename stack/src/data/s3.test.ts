import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { freePort } from '@portal/devdb';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningS3, startS3rver } from './s3.ts';

const ORIGIN = 'http://localhost:3000';
const BUCKET = 'portal-test';
const SECRET = 'the-secret-key-of-this-test-0123456789';

function client(endpoint: string, secretAccessKey = SECRET, accessKeyId = 'S3RVER'): S3Client {
  return new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The addresses something listens on at `port` (TCP over IPv4 and IPv6), from /proc/net. */
function listeningOn(port: number): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local) continue; // 0A: LISTEN
      const [address, hexPort] = local.split(':') as [string, string];
      if (Number.parseInt(hexPort, 16) !== port) continue;
      found.push(
        address.length === 8
          ? (address.match(/../g) ?? [])
              .reverse()
              .map((byte) => Number.parseInt(byte, 16))
              .join('.')
          : `[${address}]`,
      );
    }
  }
  return found;
}

describe('s3rver behind its guard (docs/security.md: signed requests only, loopback, no cross-site posts)', () => {
  let dir: string;
  let port: number;
  let s3: RunningS3;
  let sdk: S3Client;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stack-s3-'));
    port = await freePort();
    s3 = await startS3rver({
      port,
      directory: path.join(dir, 's3'),
      bucket: BUCKET,
      allowedOrigins: [ORIGIN],
      secretAccessKey: SECRET,
    });
    sdk = client(s3.endpoint);
  });
  afterAll(async () => {
    sdk.destroy();
    await s3.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const put = (key: string, body: string) =>
    sdk.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body, ContentType: 'text/plain' }));
  const read = async (key: string): Promise<string | null> => {
    try {
      const object = await sdk.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return (await object.Body?.transformToString()) ?? '';
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  };

  it('creates the bucket with CORS for the app origin: a browser-style preflight and presigned PUT work', async () => {
    const key = 'documents/1/policy.pdf';
    const putUrl = await getSignedUrl(
      sdk,
      new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: 'application/pdf' }),
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

    const upload = await fetch(putUrl, {
      method: 'PUT',
      headers: { origin: ORIGIN, 'content-type': 'application/pdf' },
      body: '%PDF-1.7 test',
    });
    expect(upload.status).toBe(200);
    expect(upload.headers.get('access-control-allow-origin')).toBeTruthy();

    const getUrl = await getSignedUrl(sdk, new GetObjectCommand({ Bucket: BUCKET, Key: key }), {
      expiresIn: 60,
    });
    const get = await fetch(getUrl, { headers: { origin: ORIGIN } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(await get.text()).toBe('%PDF-1.7 test');
  });

  it('refuses a preflight from another origin', async () => {
    const preflight = await fetch(`${s3.endpoint}/${BUCKET}/x`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(403);
  });

  it('serves the SDK signed with its secret key: put, head, list, ranged get, copy, multipart upload, delete one and many', async () => {
    await put('sdk/one.txt', 'one and only');
    expect(
      (await sdk.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'sdk/one.txt' }))).ContentLength,
    ).toBe(12);
    const listed = await sdk.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'sdk/' }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['sdk/one.txt']);
    const ranged = await sdk.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'sdk/one.txt', Range: 'bytes=0-2' }),
    );
    expect(await ranged.Body?.transformToString()).toBe('one');
    // A key that needs escaping in the signed path.
    await put('sdk/Zoë "final" (2).txt', 'escaped');
    expect(await read('sdk/Zoë "final" (2).txt')).toBe('escaped');
    await sdk.send(
      new CopyObjectCommand({ Bucket: BUCKET, Key: 'sdk/copy.txt', CopySource: `${BUCKET}/sdk/one.txt` }),
    );
    expect(await read('sdk/copy.txt')).toBe('one and only');

    const { UploadId } = await sdk.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'sdk/parts.txt' }),
    );
    const part = await sdk.send(
      new UploadPartCommand({
        Bucket: BUCKET,
        Key: 'sdk/parts.txt',
        UploadId,
        PartNumber: 1,
        Body: 'in parts',
      }),
    );
    await sdk.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'sdk/parts.txt',
        UploadId,
        MultipartUpload: { Parts: [{ ETag: part.ETag, PartNumber: 1 }] },
      }),
    );
    expect(await read('sdk/parts.txt')).toBe('in parts');

    // A download as an attachment (response-content-disposition, as actions signs it).
    const url = await getSignedUrl(
      sdk,
      new GetObjectCommand({
        Bucket: BUCKET,
        Key: 'sdk/one.txt',
        ResponseContentDisposition: 'attachment; filename="one.txt"',
      }),
      { expiresIn: 60 },
    );
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="one.txt"');
    await download.arrayBuffer();

    await sdk.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'sdk/copy.txt' }));
    await sdk.send(
      new DeleteObjectsCommand({
        Bucket: BUCKET,
        Delete: { Objects: [{ Key: 'sdk/parts.txt' }, { Key: 'sdk/Zoë "final" (2).txt' }] },
      }),
    );
    const left = await sdk.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'sdk/' }));
    expect(left.Contents?.map((o) => o.Key)).toEqual(['sdk/one.txt']);
  });

  it('refuses unsigned list, get, head, put and delete, and changes nothing', async () => {
    await put('unsigned/kept.txt', 'kept');
    const attempts: Array<[string, string, string?]> = [
      ['GET', `/${BUCKET}`],
      ['GET', `/${BUCKET}?list-type=2`],
      ['GET', '/'],
      ['GET', `/${BUCKET}/unsigned/kept.txt`],
      ['HEAD', `/${BUCKET}/unsigned/kept.txt`],
      ['PUT', `/${BUCKET}/unsigned/new.txt`, 'written by anyone'],
      ['PUT', `/${BUCKET}/unsigned/kept.txt`, 'overwritten by anyone'],
      ['DELETE', `/${BUCKET}/unsigned/kept.txt`],
      ['POST', `/${BUCKET}?delete`, '<Delete><Object><Key>unsigned/kept.txt</Key></Object></Delete>'],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await fetch(`${s3.endpoint}${url}`, { method, body });
      const text = await answer.text();
      expect(answer.status, `${method} ${url}`).toBe(403);
      if (method !== 'HEAD') expect(text, `${method} ${url}`).toContain('<Code>AccessDenied</Code>');
      expect(text, `${method} ${url}`).not.toContain('kept');
    }
    expect(await read('unsigned/kept.txt')).toBe('kept');
    expect(await read('unsigned/new.txt')).toBeNull();
  });

  it("refuses another secret key, s3rver's well-known key, an unknown key id, and a signature moved to another request", async () => {
    await put('signed/a.txt', 'a');
    await put('signed/b.txt', 'b');
    for (const [label, other, name] of [
      ['another secret', client(s3.endpoint, 'not-the-secret-key-0123456789'), 'SignatureDoesNotMatch'],
      ["s3rver's default S3RVER/S3RVER", client(s3.endpoint, 'S3RVER'), 'SignatureDoesNotMatch'],
      ['an unknown key id', client(s3.endpoint, SECRET, 'SOMEONE'), 'InvalidAccessKeyId'],
    ] as const) {
      const attempts = {
        list: () => other.send(new ListObjectsV2Command({ Bucket: BUCKET })),
        get: () => other.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'signed/a.txt' })),
        put: () => other.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'signed/a.txt', Body: 'changed' })),
        delete: () => other.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'signed/b.txt' })),
      };
      for (const [what, attempt] of Object.entries(attempts))
        await expect(attempt(), `${label}: ${what}`).rejects.toMatchObject({ name });
      other.destroy();
    }
    expect(await read('signed/a.txt')).toBe('a');
    expect(await read('signed/b.txt')).toBe('b');

    // A request signed for one object, sent for another (the headers and signature copied).
    const signer = new SignatureV4({
      credentials: s3.credentials,
      region: 'us-east-1',
      service: 's3',
      sha256: Sha256,
      uriEscapePath: false,
    });
    const host = new URL(s3.endpoint).host;
    const signed = await signer.sign(
      new HttpRequest({
        method: 'GET',
        protocol: 'http:',
        hostname: '127.0.0.1',
        port: s3.port,
        path: `/${BUCKET}/signed/a.txt`,
        headers: { host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      }),
    );
    const headers = signed.headers as Record<string, string>;
    const own = await fetch(`${s3.endpoint}/${BUCKET}/signed/a.txt`, { headers });
    expect(await own.text()).toBe('a');
    for (const [method, url] of [
      ['GET', `/${BUCKET}/signed/b.txt`],
      ['DELETE', `/${BUCKET}/signed/a.txt`],
      ['GET', `/${BUCKET}/signed/a.txt?versionId=1`],
    ]) {
      const moved = await fetch(`${s3.endpoint}${url}`, { method, headers });
      expect(moved.status, `${method} ${url}`).toBe(403);
      expect(await moved.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    expect(await read('signed/a.txt')).toBe('a');
  });

  it('refuses a presigned URL altered, used for another method or content type, with unsigned x-amz headers, or expired', async () => {
    await put('presigned/a.txt', 'a');
    await put('presigned/b.txt', 'b');
    const getA = await getSignedUrl(sdk, new GetObjectCommand({ Bucket: BUCKET, Key: 'presigned/a.txt' }), {
      expiresIn: 60,
    });
    expect(await (await fetch(getA)).text()).toBe('a');
    const refused = async (label: string, url: string, init: RequestInit = {}) => {
      const answer = await fetch(url, init);
      expect(answer.status, label).toBe(403);
      return answer.text();
    };
    expect(await refused('another key', getA.replace('presigned/a.txt', 'presigned/b.txt'))).toContain(
      'SignatureDoesNotMatch',
    );
    expect(await refused('a longer life', getA.replace('X-Amz-Expires=60', 'X-Amz-Expires=600'))).toContain(
      'SignatureDoesNotMatch',
    );
    expect(await refused('a DELETE', getA, { method: 'DELETE' })).toContain('SignatureDoesNotMatch');

    // An upload URL signs its content type and length (as actions makes them): a PUT of anything
    // else is refused, and so is one that turns it into a copy of another object.
    const putA = await getSignedUrl(
      sdk,
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'presigned/a.txt',
        ContentType: 'text/plain',
        ContentLength: 3,
      }),
      { expiresIn: 60, signableHeaders: new Set(['content-type', 'content-length']) },
    );
    expect(
      await refused('another type', putA, {
        method: 'PUT',
        headers: { 'content-type': 'text/html' },
        body: 'new',
      }),
    ).toContain('SignatureDoesNotMatch');
    expect(
      await refused('another length', putA, {
        method: 'PUT',
        headers: { 'content-type': 'text/plain' },
        body: 'newer',
      }),
    ).toContain('SignatureDoesNotMatch');
    expect(
      await refused('an unsigned copy source', putA, {
        method: 'PUT',
        headers: { 'content-type': 'text/plain', 'x-amz-copy-source': `/${BUCKET}/presigned/b.txt` },
        body: 'new',
      }),
    ).toContain('not signed');
    expect(await read('presigned/a.txt')).toBe('a');

    const expired = await getSignedUrl(
      sdk,
      new GetObjectCommand({ Bucket: BUCKET, Key: 'presigned/a.txt' }),
      {
        expiresIn: 60,
        signingDate: new Date(Date.now() - 2 * 60_000),
      },
    );
    expect(await refused('expired', expired)).toContain('Request has expired');

    const fine = await fetch(putA, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'new' });
    expect(fine.status).toBe(200);
    expect(await read('presigned/a.txt')).toBe('new');
  });

  it("refuses a browser form POST upload, and any request from another site's page", async () => {
    const form = new FormData();
    form.set('key', 'posted/evil.html');
    form.set('Content-Type', 'text/html');
    form.set('file', new Blob(['<script>alert(1)</script>'], { type: 'text/html' }), 'evil.html');
    for (const origin of ['http://evil.test', 'null', undefined]) {
      const answer = await fetch(`${s3.endpoint}/${BUCKET}`, {
        method: 'POST',
        body: form,
        headers: origin ? { origin } : {},
      });
      expect(answer.status, `form POST from ${origin}`).toBe(403);
      expect(await answer.text()).toContain('<Code>AccessDenied</Code>');
    }
    expect(await read('posted/evil.html')).toBeNull();

    // A valid presigned URL opened by another site's page (a simple GET, no preflight).
    await put('posted/private.txt', 'private');
    const url = await getSignedUrl(sdk, new GetObjectCommand({ Bucket: BUCKET, Key: 'posted/private.txt' }), {
      expiresIn: 60,
    });
    const foreign = await fetch(url, { headers: { origin: 'http://evil.test' } });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).not.toContain('private');
    expect(await (await fetch(url, { headers: { origin: ORIGIN } })).text()).toBe('private');
  });

  it('listens on loopback only, keeps its files to this user, and refuses any other address', async () => {
    expect(s3.host).toBe('127.0.0.1');
    expect(listeningOn(port)).toEqual(['127.0.0.1']);
    expect(statSync(path.join(dir, 's3')).mode & 0o777).toBe(0o700);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'example.org']) {
      await expect(
        startS3rver({
          port: 0,
          directory: path.join(dir, 'never'),
          bucket: BUCKET,
          allowedOrigins: [],
          secretAccessKey: SECRET,
          host,
        }),
        host,
      ).rejects.toThrow(/loopback only/);
    }
  });

  it('keeps bucket and objects across a restart on the same directory', async () => {
    await put('kept.txt', 'still here');
    await s3.stop();
    s3 = await startS3rver({
      port,
      directory: path.join(dir, 's3'),
      bucket: BUCKET,
      allowedOrigins: [ORIGIN],
      secretAccessKey: SECRET,
    });
    expect(await read('kept.txt')).toBe('still here');
  });
});
