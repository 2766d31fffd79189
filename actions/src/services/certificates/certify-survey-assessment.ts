import { randomBytes } from 'node:crypto';
import {
  ASSESSMENT_MESSAGES,
  accreditationPath,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_SIZES,
  certificateNumber,
  formatDisplayDate,
  generateVerificationCode,
  ISSUING_PROVIDER_NAME,
  PRODUCT_NAME,
  SURVEY_CERTIFY,
  type TCertificateSize,
  ZIssueCertificateSchema,
} from '@portal/domain';
import { renderCertificatePdf } from '@portal/pdf';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { transition } from '../../db/transition.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { loadAssessmentForMove } from '../assessments/assessment-access.ts';
import { recordStatusChange } from '../assessments/record-status-change.ts';
import { requireStorage } from '../documents/uploads.ts';
import { notifyEmails } from '../notifications/notify.ts';
import { enqueueEmail } from '../outbox/enqueue-email.ts';
import type { Caller } from '../practices/practice-access.ts';
import { practiceRecipients } from '../practices/practice-recipients.ts';
import { loadCertificateContent } from './certificate-content.ts';

/** The storage key of a certificate's file in one size. */
export const certificateStorageKey = (practiceId: number, number: string, size: TCertificateSize) =>
  `certificates/${practiceId}/${number}-${size}.pdf`;

/** Whether the user may be named as certifier: a staff user who is active (spec 001 §1, 002 'Certifiers'). */
export async function isCertifier(db: Queryable, userId: number): Promise<boolean> {
  const row = await db.maybeOne(
    sql`select 1 from public.users where id = ${userId} and is_staff and is_active`,
  );
  return row !== undefined;
}

/**
 * `certifySurveyAssessment` (spec 001 §7 POST web.assessment/{id}/certify/, Issue certificate):
 * whoever sees Issue certificate (`assessmentButtons().issueCertificate`: APPROVED and
 * certifySurvey) certifies an approved survey visit. The form is re-checked with
 * ZIssueCertificateSchema and the certifier must be an active staff user ('Certified user
 * required'). In one transaction: APPROVED → CERTIFIED through `transition()`, the certificate
 * (ACCREDITATION, numbered, with a verification code), the practice's previous valid accreditation
 * certificates superseded by it, the accreditation's expiry set to the certificate's, both PDFs
 * (A3 and A4) rendered and stored, the status change recorded, and the practice's managers and
 * nominated accreditation contact e-mailed through the outbox. The files are written before the
 * commit; if anything fails after they are, they are deleted again and nothing is left behind.
 */
export async function certifySurveyAssessment(
  app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'log'>,
  caller: Caller,
  input: { assessmentId: number } & Record<string, unknown>,
) {
  const form = ZIssueCertificateSchema.parse(input);
  const storage = requireStorage(app);
  const written: string[] = [];
  try {
    return await app.db.transaction(async (tx) => {
      const { assessment } = await loadAssessmentForMove(tx, caller, {
        assessmentId: input.assessmentId,
        bulkToolsSwitch: app.config.assessmentBulkTools,
        type: 'SURVEY_VISIT',
        wrongType: CERTIFICATE_MESSAGES.notApproved,
        move: SURVEY_CERTIFY,
        button: 'issueCertificate',
      });
      if (!(await isCertifier(tx, form.certifiedById)))
        throw new AppError('invalid_input', {
          message: CERTIFICATE_MESSAGES.certifierRequired,
          fields: { certifiedById: CERTIFICATE_MESSAGES.certifierRequired },
        });
      const moved = await transition(tx, {
        table: 'assessments',
        id: assessment.id,
        from: SURVEY_CERTIFY.from,
        to: SURVEY_CERTIFY.to,
        actor: caller.actor,
        stamp: { at: 'updated_at', by: 'last_updated_by_id' },
        notFound: ASSESSMENT_MESSAGES.noSuchAssessment,
        refused: (current) => ({
          message:
            current === 'CERTIFIED'
              ? CERTIFICATE_MESSAGES.alreadyCertified
              : CERTIFICATE_MESSAGES.notApproved,
        }),
      });

      const practice = await tx.one<{ name: string }>(sql`
        select o.name from public.organisations o where o.id = ${assessment.practice_id}`);
      const created = await tx.one<{ id: number }>(sql`
        insert into public.certificates
          (practice_id, accreditation_id, assessment_id, type, validity, name, issuing_provider,
           certification_date, issue_date, commencement_date, expiry_date, condition, certified_by_id,
           issued_by_id, verification_code)
        values (${assessment.practice_id}, ${assessment.accreditation_id}, ${assessment.id}, 'ACCREDITATION',
          'VALID', ${practice.name}, ${ISSUING_PROVIDER_NAME}, ${form.certificationDate}, ${form.issueDate},
          ${form.commencementDate}, ${form.expiryDate}, ${form.condition}, ${form.certifiedById},
          ${caller.userId}, ${generateVerificationCode((n) => randomBytes(n))})
        returning id`);
      const number = certificateNumber(created.id, 'ACCREDITATION', form.issueDate);
      const keys = Object.fromEntries(
        CERTIFICATE_SIZES.map((size) => [size, certificateStorageKey(assessment.practice_id, number, size)]),
      ) as Record<TCertificateSize, string>;
      await tx.many(sql`
        update public.certificates
           set certificate_number = ${number}, storage_key = ${keys.A3}, storage_key_a4 = ${keys.A4}
         where id = ${created.id}`);
      const superseded = await tx.many<{ id: number }>(sql`
        update public.certificates
           set validity = 'SUPERSEDED', superseded_at = now(), superseded_by_id = ${created.id}
         where practice_id = ${assessment.practice_id} and type = 'ACCREDITATION' and validity = 'VALID'
           and id <> ${created.id}
        returning id`);
      // The new certificate sets when the cycle ends; an extension of the old expiry ends with it.
      await tx.many(sql`
        update public.accreditations
           set expiry_date = ${form.expiryDate},
               ext_date = case when ext_date > ${form.expiryDate}::date then ext_date end
         where id = ${assessment.accreditation_id}`);

      const content = await loadCertificateContent(tx, created.id, app.config.appOrigin);
      if (!content) throw new AppError('internal');
      for (const size of CERTIFICATE_SIZES) {
        const body = Buffer.from(await renderCertificatePdf(content, size));
        written.push(keys[size]);
        await storage.put(keys[size], body, 'application/pdf');
      }

      await recordStatusChange(tx, moved, {
        byId: caller.userId,
        reason: 'Certificate issued',
        detail: {
          certificateId: created.id,
          certificateNumber: number,
          superseded: superseded.map((s) => s.id),
        },
      });
      await emailPractice(tx, {
        practiceId: assessment.practice_id,
        accreditationId: assessment.accreditation_id,
        practiceName: practice.name,
        number,
        expiryDate: form.expiryDate,
        verifyUrl: content.verifyUrl ?? '',
      });
      return {
        id: moved.id,
        status: moved.status,
        message: CERTIFICATE_MESSAGES.issued,
        certificateId: created.id,
      };
    }, caller.actor);
  } catch (error) {
    for (const key of written) {
      await storage.delete(key).catch((cause: unknown) => {
        app.log.error({ err: cause, key }, 'could not remove the file of a certificate that was not issued');
      });
    }
    throw error;
  }
}

/** The practice's active managers and the cycle's nominated accreditation contact, one e-mail each. */
async function emailPractice(
  tx: Queryable,
  about: {
    practiceId: number;
    accreditationId: number;
    practiceName: string;
    number: string;
    expiryDate: string;
    verifyUrl: string;
  },
) {
  const recipients = await practiceRecipients(tx, about);
  await notifyEmails(
    tx,
    recipients.map((r) => r.email),
    {
      kind: 'CERTIFICATE_ISSUED',
      title: `Certificate of accreditation issued: ${about.practiceName}`,
      link: accreditationPath(about.practiceId),
    },
  );
  for (const to of recipients) {
    await enqueueEmail(tx, {
      to: to.email,
      subject: `Your certificate of accreditation: ${about.practiceName}`,
      text: [
        to.first_name ? `Hello ${to.first_name},` : 'Hello,',
        '',
        `${ISSUING_PROVIDER_NAME} has issued ${about.practiceName} its certificate of accreditation ` +
          `no. ${about.number}, valid until ${formatDisplayDate(about.expiryDate)}.`,
        '',
        `You can download it from the Accreditation tab of ${PRODUCT_NAME}. Anyone can check that it is ` +
          `genuine and current at ${about.verifyUrl}`,
        '',
        `Sent by ${PRODUCT_NAME}.`,
      ].join('\n'),
      template: 'certificate-issued',
    });
  }
}
