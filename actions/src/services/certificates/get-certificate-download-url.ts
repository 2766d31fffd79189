import { certificateFileName, DOCUMENT_MESSAGES, type TCertificateSize } from '@portal/domain';
import { renderCertificatePdf } from '@portal/pdf';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { DOWNLOAD_URL_SECONDS, requireStorage } from '../documents/uploads.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadCertificateContent } from './certificate-content.ts';

/**
 * `certificateDownloadUrl(certificateId, size)`: the PDF of a certificate (spec 001 §2 "An
 * Accreditations list of certificates of the practice", §5 'Download certificate: size A3
 * (default) or A4'), as a short-lived presigned GET served as an attachment named
 * '<practice> - <Type> certificate - <expiry>.pdf'. Whoever may read the row through GraphQL may
 * have its file: the permission and this action ask the one predicate
 * `public.certificate_can_read` with the caller's session. A certificate the caller cannot read,
 * one without a file yet, and one that does not exist all answer alike. A certificate issued
 * before both sizes were stored (the demo ones) gets its A4 file made from its row and stored the
 * first time it is asked for.
 */
export async function certificateDownloadUrl(
  app: Pick<FastifyInstance, 'db' | 'storage' | 'config'>,
  caller: Caller,
  input: { certificateId: number; size?: TCertificateSize },
) {
  const size = input.size ?? 'A3';
  const session = { 'x-hasura-user-id': String(caller.userId), 'x-hasura-role': caller.role };
  const certificate = await app.db.maybeOne<{
    practice_id: number;
    type: string;
    expiry_date: string;
    storage_key: string;
    storage_key_a4: string | null;
    practice_name: string;
  }>(sql`
    select c.practice_id, c.type, to_char(c.expiry_date, 'YYYY-MM-DD') as expiry_date, c.storage_key,
           c.storage_key_a4, o.name as practice_name
      from public.certificates c join public.organisations o on o.id = c.practice_id
     where c.id = ${input.certificateId} and c.storage_key is not null
       and public.certificate_can_read(c, ${JSON.stringify(session)}::json)`);
  if (!certificate) throw new AppError('not_found', { message: DOCUMENT_MESSAGES.noSuchCertificate });
  const storage = requireStorage(app);
  let key = size === 'A4' ? certificate.storage_key_a4 : certificate.storage_key;
  if (key === null) {
    const content = await loadCertificateContent(app.db, input.certificateId, app.config.appOrigin);
    if (!content) throw new AppError('not_found', { message: DOCUMENT_MESSAGES.noSuchCertificate });
    key = `certificates/${certificate.practice_id}/${input.certificateId}-A4.pdf`;
    await storage.put(key, Buffer.from(await renderCertificatePdf(content, 'A4')), 'application/pdf');
    await app.db.many(sql`
      update public.certificates set storage_key_a4 = ${key}
       where id = ${input.certificateId} and storage_key_a4 is null`);
  }
  const base = certificateFileName(certificate.practice_name, certificate.type, certificate.expiry_date);
  const name = size === 'A4' ? base.replace(/\.pdf$/, ' (A4).pdf') : base;
  const url = await storage.downloadUrl(key, DOWNLOAD_URL_SECONDS, { fileName: name });
  return {
    certificateId: input.certificateId,
    name,
    url,
    expiresAt: new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}
