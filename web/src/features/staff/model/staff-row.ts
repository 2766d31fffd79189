import type { TStaffMemberInput } from '@portal/domain';

export interface TStaffDocumentRef {
  id: number;
  name: string;
  file_size: number | null;
}

export interface TStaffInviteRef {
  id: number;
  status: 'INVITED' | 'ACCEPTED' | 'REJECTED';
  date_invited: string;
  expires_at: string;
}

/** One row of GetStaff, as the engine answers it. */
export interface TStaffRow {
  id: number;
  practice_id: number;
  title: string | null;
  first_name: string;
  last_name: string;
  type: string;
  registration_num: string | null;
  employment_type: string | null;
  start_date: string | null;
  employment_status: string;
  resignation_date: string | null;
  email: string | null;
  vr_status: string | null;
  hours_per_week: number | string | null;
  fte_band: string | null;
  cpr_expiry: string | null;
  qicpd: string | null;
  qa_cpd_num: string | null;
  phone: string | null;
  active: boolean;
  verified: boolean;
  user_id: number | null;
  user: { id: number; is_active: boolean } | null;
  invitations: TStaffInviteRef[];
  primary_qualification_document_id: number | null;
  secondary_qualification_document_id: number | null;
  cpd_evidence_document_id: number | null;
  training_evidence_document_id: number | null;
  cpr_evidence_document_id: number | null;
  primary_qualification_document: TStaffDocumentRef | null;
  secondary_qualification_document: TStaffDocumentRef | null;
  cpd_evidence_document: TStaffDocumentRef | null;
  training_evidence_document: TStaffDocumentRef | null;
  cpr_evidence_document: TStaffDocumentRef | null;
}

/** The document fields of a row: the id column and the document it points at. */
export const STAFF_ROW_DOCUMENTS = [
  'primary_qualification_document',
  'secondary_qualification_document',
  'cpd_evidence_document',
  'training_evidence_document',
  'cpr_evidence_document',
] as const;

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
    active: row.active,
    primaryQualificationDocumentId: row.primary_qualification_document?.id ?? null,
    secondaryQualificationDocumentId: row.secondary_qualification_document?.id ?? null,
    cpdEvidenceDocumentId: row.cpd_evidence_document?.id ?? null,
    trainingEvidenceDocumentId: row.training_evidence_document?.id ?? null,
    cprEvidenceDocumentId: row.cpr_evidence_document?.id ?? null,
  } as TStaffMemberInput;
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
