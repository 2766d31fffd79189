import { certificateFileName, DOCUMENT_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { DOWNLOAD_URL_SECONDS, requireStorage } from '../documents/uploads.ts';
import type { Caller } from '../practices/practice-access.ts';

/**
 * `certificateDownloadUrl(certificateId)`: the PDF of a certificate (spec 001 §2 "An Accreditations
 * list of certificates of the practice"), as a short-lived presigned GET served as an attachment
 * named '<practice> - <Type> certificate - <expiry>.pdf'. Whoever may read the row through GraphQL
 * may have its file: the permission and this action ask the one predicate
 * `public.certificate_can_read` with the caller's session. A certificate the caller cannot read,
 * one without a file yet, and one that does not exist all answer alike.
 */
export async function certificateDownloadUrl(
  app: Pick<FastifyInstance, 'db' | 'storage'>,
  caller: Caller,
  input: { certificateId: number },
) {
  const session = { 'x-hasura-user-id': String(caller.userId), 'x-hasura-role': caller.role };
  const certificate = await app.db.maybeOne<{
    type: string;
    expiry_date: string;
    storage_key: string;
    practice_name: string;
  }>(sql`
    select c.type, to_char(c.expiry_date, 'YYYY-MM-DD') as expiry_date, c.storage_key,
           o.name as practice_name
      from public.certificates c join public.organisations o on o.id = c.practice_id
     where c.id = ${input.certificateId} and c.storage_key is not null
       and public.certificate_can_read(c, ${JSON.stringify(session)}::json)`);
  if (!certificate) throw new AppError('not_found', { message: DOCUMENT_MESSAGES.noSuchCertificate });
  const name = certificateFileName(certificate.practice_name, certificate.type, certificate.expiry_date);
  const url = await requireStorage(app).downloadUrl(certificate.storage_key, DOWNLOAD_URL_SECONDS, {
    fileName: name,
  });
  return {
    certificateId: input.certificateId,
    name,
    url,
    expiresAt: new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}
