import { STAFF_MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { maskFragments } from '../../../lib/graphql/graphql.ts';
import { StaffDocumentFields } from '../api/staff-document-fields.ts';
import { NEW_ROW, requestEdit, requestLeave, type TEditingRow } from './staff-editing.ts';
import { hasChanges, missingDocuments, type TStaffRow, toStaffInput } from './staff-row.ts';

const row = (overrides: Partial<TStaffRow> = {}): TStaffRow => ({
  id: 1,
  practice_id: 1,
  title: 'DR',
  first_name: 'Chloe',
  last_name: 'Martin',
  type: 'gp',
  registration_num: 'MED1',
  employment_type: 'OWNER',
  start_date: '2024-01-02',
  employment_status: 'ACTIVE',
  resignation_date: null,
  email: 'c@x.test',
  vr_status: 'VR',
  hours_per_week: 30.5,
  fte_band: null,
  cpr_expiry: '2026-01-01',
  qicpd: null,
  qa_cpd_num: null,
  phone: null,
  phone_country_code: 'AU',
  active: true,
  verified: false,
  user_id: null,
  user: null,
  invitations: [],
  primary_qualification_document_id: null,
  secondary_qualification_document_id: null,
  cpd_evidence_document_id: null,
  training_evidence_document_id: null,
  cpr_evidence_document_id: null,
  primary_qualification_document: null,
  secondary_qualification_document: null,
  cpd_evidence_document: null,
  training_evidence_document: null,
  cpr_evidence_document: null,
  ...overrides,
});

const editing = (key: TEditingRow['key'], changed: boolean): TEditingRow => {
  const values = toStaffInput(row({ id: key === NEW_ROW ? 99 : key }));
  return { key, original: values, draft: changed ? { ...values, firstName: 'Changed' } : values, errors: {} };
};

describe('staff rows', () => {
  it('finds the documents a row points at that did not come back (spec 000 §8)', () => {
    const shown = maskFragments([StaffDocumentFields], { id: 4, name: 'CPR.pdf', file_size: 10 });
    expect(missingDocuments(row({ cpr_evidence_document_id: 4, cpr_evidence_document: shown }))).toEqual([]);
    expect(
      missingDocuments(
        row({ cpr_evidence_document_id: 4, cpd_evidence_document_id: 5, cpr_evidence_document: shown }),
      ),
    ).toEqual([{ field: 'cpd_evidence_document', documentId: 5 }]);
    expect(missingDocuments(row())).toEqual([]);
  });

  it('maps a stored row to form values: hours as plain text, blanks for empty text', () => {
    const values = toStaffInput(row());
    expect(values.hoursPerWeek).toBe('30.5');
    expect(values.phone).toBe('');
    expect(values.startDate).toBe('2024-01-02');
  });

  it('sees a change, but not between blank and null', () => {
    const values = toStaffInput(row());
    expect(hasChanges({ ...values, phone: null }, values)).toBe(false);
    expect(hasChanges({ ...values, phone: '0412' }, values)).toBe(true);
  });
});

describe('one row in edit at a time', () => {
  const target = { key: 2, values: toStaffInput(row({ id: 2 })) };

  it('starts editing when nothing is in edit', () => {
    const result = requestEdit(null, target);
    expect(result.ok).toBe(true);
  });

  it('leaves an unchanged row for another one', () => {
    const result = requestEdit(editing(1, false), target);
    expect(result).toMatchObject({ ok: true, editing: { key: 2 } });
  });

  it('warns about a changed row', () => {
    expect(requestEdit(editing(1, true), target)).toEqual({
      ok: false,
      warning: STAFF_MESSAGES.editingRowWarning,
    });
  });

  it('warns about a changed new row', () => {
    expect(requestEdit(editing(NEW_ROW, true), target)).toEqual({
      ok: false,
      warning: STAFF_MESSAGES.editingNewRowWarning,
    });
  });

  it('blocks adding while a new row is pending, even an unchanged one', () => {
    expect(requestEdit(editing(NEW_ROW, false), { key: NEW_ROW })).toEqual({
      ok: false,
      warning: STAFF_MESSAGES.editingNewRowWarning,
    });
  });

  it('starts a new row with the defaults of spec 000 §3', () => {
    const result = requestEdit(null, { key: NEW_ROW });
    expect(result).toMatchObject({
      ok: true,
      editing: {
        key: NEW_ROW,
        draft: { type: 'gp', title: 'DR', employmentType: 'EMPLOYEE', vrStatus: 'VR' },
      },
    });
  });
});

describe('paging, searching or filtering while a row is in edit', () => {
  it('goes ahead when nothing is in edit', () => {
    expect(requestLeave(null)).toEqual({ ok: true, editing: null });
  });

  it('leaves an unchanged stored row', () => {
    expect(requestLeave(editing(1, false))).toEqual({ ok: true, editing: null });
  });

  it('blocks with the row warning while a stored row has changes', () => {
    expect(requestLeave(editing(1, true))).toEqual({ ok: false, warning: STAFF_MESSAGES.editingRowWarning });
  });

  it('keeps a pending new row, changed or not: it is shown above every page', () => {
    const pending = editing(NEW_ROW, true);
    expect(requestLeave(pending)).toEqual({ ok: true, editing: pending });
    expect(requestLeave(editing(NEW_ROW, false))).toMatchObject({ ok: true, editing: { key: NEW_ROW } });
  });
});
