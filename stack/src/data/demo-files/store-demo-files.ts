import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  type CertificateContentRow,
  certificateContentOf,
  certificatesWithAFileQuery,
} from '@portal/actions/certificate-content';
import { DOCUMENT_FILE_TYPES, fileExtension } from '@portal/domain';
import { renderCertificatePdf } from '@portal/pdf';
import pg from 'pg';
import type { S3Config } from '../../config/config.ts';
import { type DemoText, docx, jpeg, pdf, png, xlsx } from './formats.ts';

/**
 * Every storage key the demo data refers to, with what the file is: uploaded documents (archived
 * ones too: the back office still downloads them), indicator resources with a file, certificates.
 * Pending uploads have no object by definition.
 */
const DEMO_KEYS_SQL = `
  select storage_key as key, name as title, 'Document of the practice' as kind
    from public.documents where uploaded_at is not null
  union all
  select storage_key, name, case kind when 'RESOURCE' then 'Resource' when 'FACTSHEET' then 'Factsheet' else 'Indicator resource' end
    from public.indicator_resources where storage_key is not null
  union all
  select storage_key, initcap(type) || ' certificate: ' || name, 'Certificate'
    from public.certificates where storage_key is not null
  order by 1`;

/**
 * What each certificate with a file says, by its storage key: its PDF is a real certificate
 * (`renderCertificatePdf`, from the row as the service reads it), not a stand-in page.
 */
const DEMO_CERTIFICATES = certificatesWithAFileQuery().render();

/** A demo file for the key, by its extension, or null for a type we do not make. */
export function demoFile(key: string, text: DemoText): { body: Buffer; contentType: string } | null {
  const extension = fileExtension(key);
  const type = DOCUMENT_FILE_TYPES.find((t) => t.extensions.includes(extension));
  const make: Record<string, (() => Buffer) | undefined> = {
    pdf: () => pdf(text),
    docx: () => docx(text),
    xlsx: () => xlsx(text),
    png,
    jpeg,
  };
  const body = type && make[type.type]?.();
  return type && body ? { body, contentType: type.contentType } : null;
}

export interface StoredDemoFiles {
  /** Objects written now. */
  written: number;
  /** Objects that were there already (left as they were). */
  present: number;
  /** Keys of a type no demo file is made for. */
  skipped: string[];
}

/**
 * Puts a small real file at every storage key of the demo data that has no object yet (when the
 * demo data is loaded: `npm start`'s first run); a certificate's is the certificate itself. Idempotent: an object already there is never
 * replaced, so running it again writes nothing.
 */
export async function storeDemoFiles(
  databaseUrl: string,
  s3: S3Config & { secretAccessKey: string },
  /** Where the app is opened: certificates print their verify address under it. */
  publicUrl: string | null = null,
): Promise<StoredDemoFiles> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let rows: Array<{ key: string; title: string; kind: string }>;
  let certificates: Map<string | null, CertificateContentRow>;
  try {
    rows = (await db.query<{ key: string; title: string; kind: string }>(DEMO_KEYS_SQL)).rows;
    const certificateRows = (
      await db.query<CertificateContentRow>(DEMO_CERTIFICATES.text, DEMO_CERTIFICATES.values)
    ).rows;
    certificates = new Map(certificateRows.map((row) => [row.storage_key, row]));
  } finally {
    await db.end();
  }
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const result: StoredDemoFiles = { written: 0, present: 0, skipped: [] };
  try {
    const store = async ({ key, title, kind }: (typeof rows)[number]) => {
      const certificate = certificates.get(key);
      const file = certificate
        ? {
            body: Buffer.from(await renderCertificatePdf(certificateContentOf(certificate, publicUrl))),
            contentType: 'application/pdf',
          }
        : demoFile(key, {
            title: title.replace(/\.[A-Za-z0-9]{2,5}$/, ''),
            lines: [
              `${kind}: a demo file of the accreditation portal.`,
              `It stands in for "${title}" so that its download works in the demo.`,
              `Storage key: ${key}`,
            ],
          });
      if (!file) {
        result.skipped.push(key);
        return;
      }
      if (await exists(client, s3.bucket, key)) {
        result.present++;
        return;
      }
      await client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: file.body, ContentType: file.contentType }),
      );
      result.written++;
    };
    // A few at a time: quick on s3rver, gentle on a real bucket.
    for (let i = 0; i < rows.length; i += 8) await Promise.all(rows.slice(i, i + 8).map(store));
  } finally {
    client.destroy();
  }
  return result;
}

async function exists(client: S3Client, bucket: string, key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) return false;
    throw error;
  }
}
