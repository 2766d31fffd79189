import type { TChecklistTicks, TIndicatorResponseFields } from './indicator-response.ts';

/** The scalar fields of a response that an edit can change (everything but the ticks). */
export type TResponseScalars = Omit<TIndicatorResponseFields, 'checklists'>;

/**
 * What one user has changed on one indicator and not yet saved: the fields they set, and the
 * checklist items they ticked or unticked. Only these are sent, so two people editing different
 * fields (or different items) of one response both keep their change.
 */
export interface TResponseEdit {
  fields: Partial<TResponseScalars>;
  ticks: Readonly<Record<string, Readonly<Record<string, boolean>>>>;
}

export const NO_EDIT: TResponseEdit = { fields: {}, ticks: {} };

export function isEmptyEdit(edit: TResponseEdit): boolean {
  return Object.keys(edit.fields).length === 0 && Object.keys(edit.ticks).length === 0;
}

/** A later edit on top of an earlier one (the later wins field by field and item by item). */
export function combineEdits(earlier: TResponseEdit, later: TResponseEdit): TResponseEdit {
  const ticks: Record<string, Record<string, boolean>> = {};
  for (const source of [earlier.ticks, later.ticks]) {
    for (const [question, items] of Object.entries(source)) {
      ticks[question] = { ...ticks[question], ...items };
    }
  }
  return { fields: { ...earlier.fields, ...later.fields }, ticks };
}

/** Ticks with an edit's items laid over them. */
export function applyTicks(base: TChecklistTicks, ticks: TResponseEdit['ticks']): TChecklistTicks {
  const merged: Record<string, Record<string, boolean>> = { ...base };
  for (const [question, items] of Object.entries(ticks)) merged[question] = { ...base[question], ...items };
  return merged;
}

/** What the screen shows: the latest saved response with the user's unsaved edit on top. */
export function applyEdit(saved: TIndicatorResponseFields, edit: TResponseEdit): TIndicatorResponseFields {
  return { ...saved, ...edit.fields, checklists: applyTicks(saved.checklists, edit.ticks) };
}

/**
 * What a save sends: `set`, the fields whose edited value differs from the saved one, and
 * `checklists`, for each question with a changed item, the saved question's items with the
 * edited ones laid over (sent as a jsonb append, so questions nobody touched stay as stored).
 * Null when nothing differs.
 */
export function savePayload(
  saved: TIndicatorResponseFields,
  edit: TResponseEdit,
): { set: Partial<TResponseScalars>; checklists: Record<string, Record<string, boolean>> | null } | null {
  const set: Partial<TResponseScalars> = {};
  for (const [key, value] of Object.entries(edit.fields) as [keyof TResponseScalars, unknown][]) {
    if (saved[key] !== value) (set as Record<string, unknown>)[key] = value;
  }
  const checklists: Record<string, Record<string, boolean>> = {};
  for (const [question, items] of Object.entries(edit.ticks)) {
    const stored = saved.checklists[question] ?? {};
    if (Object.entries(items).some(([item, ticked]) => (stored[item] === true) !== ticked)) {
      checklists[question] = { ...stored, ...items };
    }
  }
  const hasTicks = Object.keys(checklists).length > 0;
  if (Object.keys(set).length === 0 && !hasTicks) return null;
  return { set, checklists: hasTicks ? checklists : null };
}

/**
 * The edit left once a save of `sent` succeeded: fields and items typed again since then stay
 * (they differ from what was sent); the rest are saved.
 */
export function remainingEdit(current: TResponseEdit, sent: TResponseEdit): TResponseEdit {
  const fields: Partial<TResponseScalars> = {};
  for (const [key, value] of Object.entries(current.fields) as [keyof TResponseScalars, unknown][]) {
    if (!(key in sent.fields) || sent.fields[key] !== value) (fields as Record<string, unknown>)[key] = value;
  }
  const ticks: Record<string, Record<string, boolean>> = {};
  for (const [question, items] of Object.entries(current.ticks)) {
    for (const [item, ticked] of Object.entries(items)) {
      if (sent.ticks[question]?.[item] !== ticked) ticks[question] = { ...ticks[question], [item]: ticked };
    }
  }
  return { fields, ticks };
}

/** The self assessment's choice as fields: 'Mark complete' is is_marked_complete with no compliance. */
export function selfAssessmentChoice(
  choice: 'COMPLETE' | 'NOT_APPLICABLE' | null,
): Partial<TResponseScalars> {
  if (choice === 'COMPLETE') return { is_marked_complete: true, compliance: null };
  if (choice === 'NOT_APPLICABLE') return { is_marked_complete: false, compliance: 'NOT_APPLICABLE' };
  return { is_marked_complete: false, compliance: null };
}

/** The self assessment choice a response shows. */
export function selfAssessmentChoiceOf(
  response: TIndicatorResponseFields,
): 'COMPLETE' | 'NOT_APPLICABLE' | null {
  if (response.is_marked_complete) return 'COMPLETE';
  if (response.compliance === 'NOT_APPLICABLE') return 'NOT_APPLICABLE';
  return null;
}
