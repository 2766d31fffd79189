import { startTestS3 } from '@portal/testkit/s3';
import { testEnv } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.ts';
import { attachment, createS3StorageProvider } from './s3-storage-provider.ts';

let s3: Awaited<ReturnType<typeof startTestS3>>;
let storage: ReturnType<typeof createS3StorageProvider>;

beforeAll(async () => {
  s3 = await startTestS3();
  const config = loadConfig(testEnv('postgres://unused@127.0.0.1/unused', s3.env));
  storage = createS3StorageProvider(config.s3!);
});
afterAll(async () => {
  storage.destroy();
  await s3.stop();
});

const body = Buffer.from('%PDF-1.4 a tiny test file\n');

describe('the S3 storage provider on s3rver', () => {
  it('takes a browser PUT to a presigned URL, then heads and serves the object', async () => {
    const key = 'tests/put/one.pdf';
    const url = await storage.uploadUrl(
      key,
      { contentType: 'application/pdf', contentLength: body.length },
      60,
    );
    expect(url).toContain('X-Amz-Signature=');
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body });
    expect(put.status).toBe(200);

    expect(await storage.head(key)).toEqual({ size: body.length, contentType: 'application/pdf' });
    const download = await fetch(
      await storage.downloadUrl(key, 60, { fileName: 'CPR certificate (2025).pdf' }),
    );
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(body);
    expect(download.headers.get('content-disposition')).toBe(attachment('CPR certificate (2025).pdf'));
  });

  it('signs the content type and length into the upload URL', async () => {
    // Real S3 and MinIO refuse a PUT whose signed headers differ; s3rver checks no signature,
    // which is why completeDocument verifies the stored object with head() (see the next test).
    const url = new URL(
      await storage.uploadUrl(
        'tests/put/typed.pdf',
        { contentType: 'application/pdf', contentLength: 26 },
        60,
      ),
    );
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
  });

  it('heads what was really stored, whatever was announced', async () => {
    const key = 'tests/put/longer.pdf';
    const url = await storage.uploadUrl(key, { contentType: 'application/pdf', contentLength: 3 }, 60);
    await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body });
    expect(await storage.head(key)).toEqual({ size: body.length, contentType: 'application/pdf' });
  });

  it('answers null for a missing object, and deleting it is no error', async () => {
    expect(await storage.head('tests/missing.pdf')).toBeNull();
    await storage.delete('tests/missing.pdf');
  });

  it('streams an object, reads its first bytes, and answers null for a missing one', async () => {
    const key = 'tests/read/one.pdf';
    await storage.put(key, body, 'application/pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.stream(key))!) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks)).toEqual(body);
    expect(await storage.readStart(key, 8)).toEqual(body.subarray(0, 8));
    expect(await storage.readStart(key, 10_000)).toEqual(body);
    // (Not an empty object: s3rver aborts a ranged GET of one, where S3 answers 416, which
    // readStart takes as no bytes; uploads of empty files are refused before they are stored.)
    expect(await storage.stream('tests/read/missing.pdf')).toBeNull();
    expect(await storage.readStart('tests/read/missing.pdf', 8)).toBeNull();
  });

  it('names attachments safely', () => {
    expect(attachment('Zoë "final".pdf')).toBe(
      `attachment; filename="Zo_ _final_.pdf"; filename*=UTF-8''Zo%C3%AB%20%22final%22.pdf`,
    );
  });
});
