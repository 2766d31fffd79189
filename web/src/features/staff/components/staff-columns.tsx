import { Group, Stack, Text } from '@mantine/core';
import {
  DEFAULT_PHONE_COUNTRY,
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_TYPES,
  FTE_BANDS,
  formatDisplayDate,
  STAFF_TITLES,
  STAFF_TYPES,
  staffFieldRules,
  type TStaffMemberInput,
  VR_STATUSES,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { EvidenceStateBadge } from '../../../components/evidence-state-badge.tsx';
import type { StaffLabel } from '../model/staff-labels.tsx';
import { documentOf, type TStaffRow } from '../model/staff-row.ts';
import {
  CheckboxCell,
  DateCell,
  NumberCell,
  PhoneCountryCell,
  SelectCell,
  TextCell,
} from './staff-cells.tsx';
import { StaffDocumentLink } from './staff-document-link.tsx';
import { STAFF_EVIDENCE_TARGETS, StaffDocumentUploads } from './staff-document-upload.tsx';
import { VerifiedMark } from './staff-row-cells.tsx';

export type TDraftField = keyof TStaffMemberInput & string;

/** What an editing cell reads and calls. */
export interface EditContext {
  draft: TStaffMemberInput;
  errors: Record<string, string>;
  set(field: TDraftField, value: unknown): void;
  blur(field: TDraftField): void;
  canVerify: boolean;
  /** The stored row (null for a new row), for its documents. */
  row: TStaffRow | null;
}

export interface StaffColumn {
  id: string;
  header: string;
  width: number;
  /** Fixed at the left edge while the table scrolls (spec 000 §2: verified, title, names). */
  sticky?: boolean;
  /** The row's value in words; `label` words a choice value as the provider labels it. */
  view(row: TStaffRow, label: StaffLabel): ReactNode;
  edit(ctx: EditContext): ReactNode;
}

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const hoursText = (value: number | string | null) => (value === null ? '' : String(Number(value)));

function text(
  field: TDraftField,
  header: string,
  ctx: EditContext,
  inputMode?: 'email' | 'tel',
  placeholder?: string,
) {
  return (
    <TextCell
      label={header}
      inputMode={inputMode}
      placeholder={placeholder}
      value={str(ctx.draft[field])}
      error={ctx.errors[field]}
      onChange={(v) => ctx.set(field, v)}
      onBlur={() => ctx.blur(field)}
    />
  );
}
function select(field: TDraftField, header: string, ctx: EditContext, options: readonly string[]) {
  return (
    <SelectCell
      label={header}
      options={options}
      value={str(ctx.draft[field]) || null}
      error={ctx.errors[field]}
      onChange={(v) => ctx.set(field, v)}
      onBlur={() => ctx.blur(field)}
    />
  );
}
function date(field: TDraftField, header: string, ctx: EditContext) {
  return (
    <DateCell
      label={header}
      value={str(ctx.draft[field]) || null}
      error={ctx.errors[field]}
      onChange={(v) => ctx.set(field, v)}
      onBlur={() => ctx.blur(field)}
    />
  );
}
const hidden = () => (
  <Text fz="xs" c="dimmed">
    Not needed
  </Text>
);
const rulesOf = (ctx: EditContext) => staffFieldRules(ctx.draft as Parameters<typeof staffFieldRules>[0]);

/** Every column of the staff table (spec 000 §2), in order; the edit column is added by the table. */
export const STAFF_COLUMNS: StaffColumn[] = [
  {
    id: 'verified',
    header: 'Verified',
    width: 76,
    sticky: true,
    view: () => null, // rendered by the row: it is the surveyor's verify control
    // A verifier's tick is sent by Save, after the row is stored (use-staff-editing); anyone else
    // sees the mark the view row shows.
    edit: (ctx) =>
      ctx.canVerify ? (
        <CheckboxCell
          label="Verified"
          value={ctx.draft.verified === true}
          onChange={(v) => ctx.set('verified', v)}
          onBlur={() => ctx.blur('verified')}
        />
      ) : (
        <VerifiedMark verified={ctx.draft.verified === true} />
      ),
  },
  {
    id: 'title',
    header: 'Title',
    width: 96,
    sticky: true,
    view: (row, label) => label(row.title),
    edit: (ctx) => select('title', 'Title', ctx, STAFF_TITLES),
  },
  {
    id: 'firstName',
    header: 'First name',
    width: 130,
    sticky: true,
    view: (row) => row.first_name,
    edit: (ctx) => text('firstName', 'First name', ctx),
  },
  {
    id: 'lastName',
    header: 'Last name',
    width: 130,
    sticky: true,
    view: (row) => row.last_name,
    edit: (ctx) => text('lastName', 'Last name', ctx),
  },
  {
    id: 'type',
    header: 'Type',
    width: 150,
    view: (row, label) => label(row.type),
    edit: (ctx) => select('type', 'Type', ctx, STAFF_TYPES),
  },
  {
    id: 'registrationNum',
    header: 'Reg',
    width: 160,
    view: (row) => row.registration_num ?? '',
    edit: (ctx) =>
      rulesOf(ctx).registrationNum === 'hidden' ? hidden() : text('registrationNum', 'Reg', ctx),
  },
  {
    id: 'employmentType',
    header: 'Employment',
    width: 160,
    view: (row, label) => label(row.employment_type),
    edit: (ctx) => select('employmentType', 'Employment', ctx, EMPLOYMENT_TYPES),
  },
  {
    id: 'startDate',
    header: 'Start date',
    width: 140,
    view: (row) => formatDisplayDate(row.start_date),
    edit: (ctx) => date('startDate', 'Start date', ctx),
  },
  {
    id: 'employmentStatus',
    header: 'Employment status',
    width: 130,
    view: (row, label) => label(row.employment_status),
    edit: (ctx) => select('employmentStatus', 'Employment status', ctx, EMPLOYMENT_STATUSES),
  },
  {
    id: 'resignationDate',
    header: 'Resignation date',
    width: 140,
    view: (row) => formatDisplayDate(row.resignation_date),
    edit: (ctx) =>
      rulesOf(ctx).resignationDate === 'hidden' ? hidden() : date('resignationDate', 'Resignation date', ctx),
  },
  {
    id: 'email',
    header: 'Email',
    width: 240,
    view: (row) => row.email ?? '',
    edit: (ctx) => text('email', 'Email', ctx, 'email'),
  },
  {
    id: 'phone',
    header: 'Phone',
    width: 150,
    // Another country than Australia is named beside the number (spec 000 §9).
    view: (row) =>
      row.phone && row.phone_country_code !== DEFAULT_PHONE_COUNTRY
        ? `${row.phone} (${row.phone_country_code})`
        : (row.phone ?? ''),
    edit: (ctx) => (
      <Stack gap={4}>
        <PhoneCountryCell
          label="Phone country"
          value={str(ctx.draft.phoneCountryCode) || null}
          onChange={(v) => ctx.set('phoneCountryCode', v)}
          onBlur={() => ctx.blur('phoneCountryCode')}
        />
        {text('phone', 'Phone', ctx, 'tel')}
      </Stack>
    ),
  },
  {
    id: 'vrStatus',
    header: 'VR status',
    width: 200,
    view: (row, label) => label(row.vr_status),
    edit: (ctx) =>
      rulesOf(ctx).vrStatus === 'hidden' ? hidden() : select('vrStatus', 'VR status', ctx, VR_STATUSES),
  },
  {
    id: 'hoursPerWeek',
    header: 'Hours/week',
    width: 100,
    view: (row) => hoursText(row.hours_per_week),
    edit: (ctx) => (
      <NumberCell
        label="Hours/week"
        value={str(ctx.draft.hoursPerWeek)}
        error={ctx.errors.hoursPerWeek}
        onChange={(v) => ctx.set('hoursPerWeek', v)}
        onBlur={() => ctx.blur('hoursPerWeek')}
      />
    ),
  },
  {
    id: 'fteBand',
    header: 'FTE band',
    width: 150,
    view: (row, label) => label(row.fte_band),
    edit: (ctx) => select('fteBand', 'FTE band', ctx, FTE_BANDS),
  },
  {
    id: 'cprExpiry',
    header: 'CPR expiry',
    width: 200,
    // The date and, when it is near or past, its state in words (docs/decisions/evidence.md).
    view: (row) => (
      <Group gap={6} wrap="nowrap">
        {formatDisplayDate(row.cpr_expiry)}
        <EvidenceStateBadge date={row.cpr_expiry} />
      </Group>
    ),
    edit: (ctx) => date('cprExpiry', 'CPR expiry', ctx),
  },
  {
    id: 'cprEvidence',
    header: 'CPR evidence',
    width: 130,
    view: (row) => <StaffDocumentLink document={documentOf(row, 'cpr_evidence_document')} />,
    edit: (ctx) => <StaffDocumentUploads row={ctx.row} set={ctx.set} targets={['CPR_EVIDENCE']} />,
  },
  {
    id: 'qicpd',
    header: 'QI/CPD',
    width: 210,
    // The program and its number on one line, so the row keeps its height.
    view: (row) => [row.qicpd, row.qa_cpd_num].filter(Boolean).join(' · '),
    edit: (ctx) =>
      rulesOf(ctx).qicpd === 'hidden' ? (
        hidden()
      ) : (
        <Group gap={4} wrap="nowrap" grow>
          {text('qicpd', 'QI/CPD program', ctx, undefined, 'Program')}
          {text('qaCpdNum', 'QI/CPD number', ctx, undefined, 'Number')}
        </Group>
      ),
  },
  {
    id: 'cpdEvidence',
    header: 'CPD evidence',
    // Two files side by side, each with its kind and shortened name.
    width: 310,
    view: (row) => <EvidenceList row={row} />,
    edit: (ctx) => <StaffDocumentUploads row={ctx.row} set={ctx.set} targets={STAFF_EVIDENCE_TARGETS} />,
  },
];

/** CPD and training evidence and the qualifications, each shortened for display. */
function EvidenceList({ row }: { row: TStaffRow }) {
  const items = [
    ['CPD', documentOf(row, 'cpd_evidence_document')],
    ['Training', documentOf(row, 'training_evidence_document')],
    ['Qualification', documentOf(row, 'primary_qualification_document')],
    ['Qualification', documentOf(row, 'secondary_qualification_document')],
  ] as const;
  const present = items.filter(([, doc]) => doc);
  if (present.length === 0) return null;
  return (
    <Stack gap={2}>
      {present.map(([kind, doc]) => (
        <StaffDocumentLink key={`${kind}-${doc!.id}`} document={doc} kind={kind} />
      ))}
    </Stack>
  );
}
