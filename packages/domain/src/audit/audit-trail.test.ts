import { describe, expect, it } from 'vitest';
import {
  auditActorLabel,
  auditChanges,
  auditFieldLabel,
  auditPreview,
  auditSummary,
  auditUserIds,
  canReadAuditTrail,
  formatAuditDateTime,
  formatAuditField,
  formatAuditValue,
} from './audit-trail.ts';

describe('canReadAuditTrail', () => {
  it('lets the back office read history and nobody else', () => {
    expect(canReadAuditTrail({ backOfficeRole: 'qam' })).toBe(true);
    expect(canReadAuditTrail({ backOfficeRole: 'provider_admin' })).toBe(true);
    expect(canReadAuditTrail({ backOfficeRole: null })).toBe(false);
  });
});

describe('auditChanges', () => {
  it('lists only the fields an UPDATE changed, old → new, without book-keeping fields', () => {
    const changes = auditChanges({
      operation: 'UPDATE',
      oldData: {
        id: 4,
        name: 'Acme',
        phone: '02 1111 1111',
        updated_at: '2026-01-01T00:00:00Z',
        abn: null,
        last_updated_by_id: 1,
      },
      newData: {
        id: 4,
        name: 'Acme',
        phone: '02 2222 2222',
        updated_at: '2026-02-01T00:00:00Z',
        abn: '123',
        last_updated_by_id: 2,
      },
    });
    expect(changes).toEqual([
      { field: 'phone', label: 'Phone', before: '02 1111 1111', after: '02 2222 2222' },
      { field: 'abn', label: 'ABN', before: null, after: '123' },
    ]);
  });

  it('summarises a created row by its values and a deleted row by what it had', () => {
    expect(
      auditChanges({
        operation: 'INSERT',
        oldData: null,
        newData: { id: 1, first_name: 'Ann', notes: null, verified: false },
      }),
    ).toEqual([
      { field: 'first_name', label: 'First name', before: null, after: 'Ann' },
      { field: 'verified', label: 'Verified', before: null, after: 'No' },
    ]);
    expect(
      auditChanges({ operation: 'DELETE', oldData: { id: 1, first_name: 'Ann' }, newData: null }),
    ).toEqual([{ field: 'first_name', label: 'First name', before: 'Ann', after: null }]);
  });

  it('compares JSON values by content', () => {
    expect(
      auditChanges({ operation: 'UPDATE', oldData: { detail: { a: 1 } }, newData: { detail: { a: 1 } } }),
    ).toEqual([]);
    expect(
      auditChanges({ operation: 'UPDATE', oldData: { detail: { a: 1 } }, newData: { detail: { a: 2 } } }),
    ).toEqual([{ field: 'detail', label: 'Detail', before: '{"a":1}', after: '{"a":2}' }]);
  });
});

describe('labels and values', () => {
  it('reads snake_case as words and knows the awkward ones', () => {
    expect(auditFieldLabel('last_name')).toBe('Last name');
    expect(auditFieldLabel('physical_address_id')).toBe('Physical address');
    expect(auditFieldLabel('survey_version_id')).toBe('Survey version');
    expect(auditFieldLabel('pip_id')).toBe('PIP ID');
  });

  it('shows dates dd/MM/yyyy, instants dd/MM/yyyy HH:mm, booleans Yes/No', () => {
    expect(formatAuditValue('2026-03-01')).toBe('01/03/2026');
    expect(formatAuditValue('2026-03-01T13:05:00+00:00', 'UTC')).toBe('01/03/2026 13:05');
    expect(formatAuditDateTime('2026-03-01T23:30:00Z', 'Australia/Sydney')).toBe('02/03/2026 10:30');
    expect(formatAuditValue(true)).toBe('Yes');
    expect(formatAuditValue('')).toBeNull();
    expect(formatAuditValue(0)).toBe('0');
  });

  it('shortens long texts only', () => {
    expect(auditPreview('short')).toBeNull();
    const preview = auditPreview('x'.repeat(500));
    expect(preview).toHaveLength(121);
    expect(preview?.endsWith('…')).toBe(true);
  });
});

describe('auditSummary and auditActorLabel', () => {
  it('names what happened to which record', () => {
    expect(
      auditSummary({ tableName: 'practice_staff', operation: 'INSERT', oldData: null, newData: {} }),
    ).toBe('Staff member created');
    expect(
      auditSummary({
        tableName: 'accreditations',
        operation: 'UPDATE',
        oldData: { archived: false },
        newData: { archived: true },
      }),
    ).toBe('Accreditation archived');
    expect(
      auditSummary({
        tableName: 'practices',
        operation: 'UPDATE',
        oldData: { active_status: 'ACTIVE' },
        newData: { active_status: 'ARCHIVED' },
      }),
    ).toBe('Practice archived');
    expect(auditSummary({ tableName: 'organisations', operation: 'UPDATE', oldData: {}, newData: {} })).toBe(
      'Organisation changed',
    );
    expect(
      auditSummary({
        tableName: 'assessment_status_changes',
        operation: 'INSERT',
        oldData: null,
        newData: { to_status: 'ACTION_REQUIRED' },
      }),
    ).toBe('Status changed to Action required');
  });

  it('says who: name and role, the admin console, or the system', () => {
    expect(auditActorLabel({ changedById: 3, changedByRole: 'qam', changedByName: 'Jo Smith' })).toBe(
      'Jo Smith (QAM)',
    );
    expect(
      auditActorLabel({ changedById: 3, changedByRole: 'provider_admin_console', changedByName: 'Jo Smith' }),
    ).toBe('Jo Smith (Admin console)');
    expect(auditActorLabel({ changedById: 3, changedByRole: 'admin', changedByName: 'Jo Smith' })).toBe(
      'Jo Smith (Admin console)',
    );
    expect(auditActorLabel({ changedById: null, changedByRole: 'admin', changedByName: null })).toBe(
      'Admin console',
    );
    expect(auditActorLabel({ changedById: null, changedByRole: null, changedByName: null })).toBe('System');
    expect(auditActorLabel({ changedById: 9, changedByRole: 'user', changedByName: null })).toBe(
      'User 9 (Portal user)',
    );
  });
});

describe('formatAuditField', () => {
  it('names users, reads enum codes as words and empty JSON as blank', () => {
    const people = { '7': 'Quinn Harper' };
    expect(formatAuditField('qam_id', 7, { people })).toBe('Quinn Harper');
    expect(formatAuditField('qam_id', 8, { people })).toBe('User 8');
    expect(formatAuditField('status', 'IN_PROGRESS')).toBe('In progress');
    expect(formatAuditField('compliance', 'NOT_MET')).toBe('Not met');
    expect(formatAuditField('risk_rating', 'HIGH')).toBe('Major');
    expect(formatAuditField('state', 'NSW')).toBe('NSW');
    expect(formatAuditField('checklists', {})).toBeNull();
    expect(
      auditUserIds({ oldData: { qam_id: 3, name: 'x' }, newData: { qam_id: 4, verified_by_id: 4 } }),
    ).toEqual([3, 4]);
  });

  it('labels is_ flags without the is', () => {
    expect(auditFieldLabel('is_branch')).toBe('Branch');
    expect(auditFieldLabel('is_marked_complete')).toBe('Marked complete');
    expect(auditFieldLabel('is_active')).toBe('Active');
  });
});

describe('auditChanges per table', () => {
  it("leaves out what the record's panel already says and puts the telling fields first", () => {
    const changes = auditChanges({
      tableName: 'assessment_status_changes',
      operation: 'INSERT',
      oldData: null,
      newData: {
        id: 1,
        reason: 'Two findings',
        to_status: 'ACTION_REQUIRED',
        changed_at: '2026-03-01T00:00:00Z',
        from_status: 'UNDER_REVIEW',
        assessment_id: 4,
        changed_by_id: 3,
      },
    });
    expect(changes.map((change) => [change.label, change.after])).toEqual([
      ['From status', 'Under review'],
      ['To status', 'Action required'],
      ['Reason', 'Two findings'],
    ]);
  });
});
