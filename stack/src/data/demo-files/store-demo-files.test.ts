import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from '@portal/devdb';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { pdfPageTexts } from '@portal/pdf/pdf-text';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { type RunningS3, startS3rver } from '../s3.ts';
import { storeDemoFiles } from './store-demo-files.ts';

/** Every storage key of the demo data that must have an object: what a download of it fetches. */
const KEYS_WITH_OBJECTS_SQL = `
  select storage_key as key, coalesce(file_type, '') as type from documents where uploaded_at is not null
  union all select storage_key, coalesce(file_type, '') from indicator_resources where storage_key is not null
  union all select storage_key, 'application/pdf' from certificates where storage_key is not null`;

/** The first bytes each kind of file starts with. */
const MAGIC: Record<string, string> = {
  pdf: '%PDF-',
  docx: 'PK\u0003\u0004',
  xlsx: 'PK\u0003\u0004',
  png: '\u0089PNG',
  jpg: '\u00ff\u00d8\u00ff',
};

const SECRET = 'demo-files-test-secret-0123456789';

describe('demo files in storage', () => {
  let db: TestDatabase;
  let dir: string;
  let s3: RunningS3;
  let client: S3Client;
  const bucket = 'portal-demo-test';
  let config: ReturnType<typeof loadConfig>;

  beforeAll(async () => {
    db = await createTestDatabase('seeded');
    dir = mkdtempSync(path.join(os.tmpdir(), 'stack-demo-files-'));
    const port = await freePort();
    s3 = await startS3rver({ port, directory: dir, bucket, allowedOrigins: [], secretAccessKey: SECRET });
    config = loadConfig({ S3_ENDPOINT: s3.endpoint, S3_BUCKET: bucket, S3_SECRET_ACCESS_KEY: SECRET });
    client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: s3.credentials,
    });
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
    await db?.drop();
  });

  it('puts a real file of the right type at every key of the demo data, once, never over an object', async () => {
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    const keys = (await sql.query<{ key: string; type: string }>(KEYS_WITH_OBJECTS_SQL)).rows;
    await sql.end();
    expect(keys.length).toBeGreaterThan(50);

    // One object is there already (uploaded before): it stays as it is.
    const kept = keys[0]!.key;
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: kept, Body: 'kept', ContentType: 'text/plain' }),
    );

    const first = await storeDemoFiles(
      db.url,
      { ...config.s3, secretAccessKey: SECRET },
      'https://portal.example',
    );
    expect(first).toEqual({ written: keys.length - 1, present: 1, skipped: [] });
    for (const { key, type } of keys) {
      if (key === kept) continue;
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const body = Buffer.from(await object.Body!.transformToByteArray());
      const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
      expect(body.subarray(0, MAGIC[extension]!.length).toString('latin1'), key).toBe(MAGIC[extension]);
      // Documents keep the content type they were recorded with.
      if (type.includes('/')) expect(object.ContentType, key).toBe(type);
    }
    // A certificate's file is the certificate itself, made from its row.
    const harbourside = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: 'certificates/1/registration.pdf' }),
    );
    const [certificate] = await pdfPageTexts(await harbourside.Body!.transformToByteArray());
    for (const text of [
      'Certificate of Registration',
      'Harbourside Family Medical',
      'Harbourside Family Medical Pty Ltd',
      '212 Crown Street, Surry Hills NSW 2010',
      'Registration, General Practice Standards, 6th edition (demo)',
      'DEMA-HARB-REGN',
      'https://portal.example/verify/DEMA-HARB-REGN',
    ])
      expect(certificate, text).toContain(text);
    expect(certificate).toMatch(/Certificate no\. REG-\d{4}-000007 · Issued by Demo Accreditation Provider/);
    const stillKept = await client.send(new GetObjectCommand({ Bucket: bucket, Key: kept }));
    expect(await stillKept.Body!.transformToString()).toBe('kept');

    expect(await storeDemoFiles(db.url, { ...config.s3, secretAccessKey: SECRET })).toEqual({
      written: 0,
      present: keys.length,
      skipped: [],
    });
    await expect(
      client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'resources/none.pdf' })),
    ).rejects.toThrow();
  });
});
