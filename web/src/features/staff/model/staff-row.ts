import type { TStaffMemberInput } from '@portal/domain';
import { type ResultOf, readFragment } from '../../../lib/graphql/graphql.ts';
import type { GetStaffQuery } from '../api/get-staff.ts';
import { StaffDocumentFields } from '../api/staff-document-fields.ts';

/** A staff document as the register shows it (read from a row with `readFragment`). */
export type TStaffDocumentRef = ResultOf<typeof StaffDocumentFields>;

/** One row of GetStaff, as the engine answers it (its documents masked: `StaffDocumentFields`). */
export type TStaffRow = ResultOf<typeof GetStaffQuery>['practice_staff'][number];

/** The document fields of a row: the id column and the document it points at. */
export const STAFF_ROW_DOCUMENTS = [
  'primary_qualification_document',
  'secondary_qualification_document',
  'cpd_evidence_document',
  'training_evidence_document',
  'cpr_evidence_document',
] as const;
export type TStaffRowDocument = (typeof STAFF_ROW_DOCUMENTS)[number];

/** The document of a row's document field (the fragment read out of the row), null when none came back. */
export function documentOf(row: TStaffRow, field: TStaffRowDocument): TStaffDocumentRef | null {
  return readFragment(StaffDocumentFields, row[field]);
}

/**
 * The documents a row points at that did not come back (archived, not uploaded yet, or otherwise
 * hidden from the caller): spec 000 §8 'Staff document missing'.
 */
export function missingDocuments(row: TStaffRow): Array<{ field: string; documentId: number }> {
  return STAFF_ROW_DOCUMENTS.flatMap((field) => {
    const documentId = row[`${field}_id`];
    return documentId !== null && documentId !== undefined && row[field] === null
      ? [{ field, documentId }]
      : [];
  });
}

/** The form values of a stored row: camelCase, blank strings for empty text, dates yyyy-MM-dd. */
export function toStaffInput(row: TStaffRow): TStaffMemberInput {
  return {
    id: row.id,
    verified: row.verified,
    title: row.title ?? '',
    firstName: row.first_name,
    lastName: row.last_name,
    type: row.type,
    registrationNum: row.registration_num ?? '',
    employmentType: row.employment_type ?? '',
    startDate: row.start_date ?? '',
    employmentStatus: row.employment_status,
    resignationDate: row.resignation_date,
    email: row.email ?? '',
    vrStatus: row.vr_status,
    hoursPerWeek: row.hours_per_week === null ? '' : String(Number(row.hours_per_week)),
    cprExpiry: row.cpr_expiry ?? '',
    qicpd: row.qicpd ?? '',
    qaCpdNum: row.qa_cpd_num ?? '',
    fteBand: row.fte_band,
    phone: row.phone ?? '',
    phoneCountryCode: row.phone_country_code,
    active: row.active,
    primaryQualificationDocumentId: documentOf(row, 'primary_qualification_document')?.id ?? null,
    secondaryQualificationDocumentId: documentOf(row, 'secondary_qualification_document')?.id ?? null,
    cpdEvidenceDocumentId: documentOf(row, 'cpd_evidence_document')?.id ?? null,
    trainingEvidenceDocumentId: documentOf(row, 'training_evidence_document')?.id ?? null,
    cprEvidenceDocumentId: documentOf(row, 'cpr_evidence_document')?.id ?? null,
  };
}

/** Whether the draft differs from where it started (blank and null count as the same). */
export function hasChanges(draft: TStaffMemberInput, original: TStaffMemberInput): boolean {
  const norm = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
  const keys = new Set([...Object.keys(draft), ...Object.keys(original)]);
  for (const key of keys) {
    if (norm((draft as Record<string, unknown>)[key]) !== norm((original as Record<string, unknown>)[key]))
      return true;
  }
  return false;
}
