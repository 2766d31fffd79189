import { z } from 'zod';

/**
 * The choice lists (spec 000 §3 "Choice lists", GET static.choices/): each a list of [value,
 * label] pairs, loaded when signed in. The keys are the spec's; the sources are the enum tables
 * (values fixed by the code, labels the provider's) and `choice_items` (lists that are data).
 * docs/decisions/practices-and-staff.md "Choice lists".
 */
export const CHOICE_LIST_KEYS = [
  'generic_address.state',
  'practice.mmm',
  'practice.phn',
  'practice_staff.title',
  'practice_staff.type',
  'practice_staff.employment_type',
  'practice_staff.vr_status',
  'surveyor.rate_classification',
  'survey_visit.reason',
  'survey_visit.confirmation_form_template',
  'practice.status',
  'new_assessment_types',
] as const;
export type TChoiceListKey = (typeof CHOICE_LIST_KEYS)[number];

/** Where each list's pairs come from: an enum table (value, comment) or choice_items' list. */
export const CHOICE_LIST_SOURCES: Record<TChoiceListKey, { enumTable: string } | { items: string }> = {
  'generic_address.state': { enumTable: 'australian_state' },
  'practice.mmm': { enumTable: 'mmm_classification' },
  'practice.phn': { items: 'practice.phn' },
  'practice_staff.title': { enumTable: 'person_title' },
  'practice_staff.type': { enumTable: 'staff_type' },
  'practice_staff.employment_type': { enumTable: 'employment_type' },
  'practice_staff.vr_status': { enumTable: 'vr_status' },
  'surveyor.rate_classification': { enumTable: 'surveyor_rate_classification' },
  'survey_visit.reason': { enumTable: 'visit_reason' },
  'survey_visit.confirmation_form_template': { items: 'survey_visit.confirmation_form_template' },
  'practice.status': { enumTable: 'practice_status' },
  new_assessment_types: { items: 'new_assessment_types' },
};

/** One [value, label] pair. */
export type TChoice = [value: string, label: string];

const ZChoice = z.tuple([z.string(), z.string()]);

/**
 * GET /api/static/choices: every list by its key, and `max_file_size`, the upload limit in
 * decimal MB (spec 002 §9: 100 unless the server gives another).
 */
export const ZStaticChoicesSchema = z.object({
  ...(Object.fromEntries(CHOICE_LIST_KEYS.map((key) => [key, z.array(ZChoice)])) as Record<
    TChoiceListKey,
    z.ZodArray<typeof ZChoice>
  >),
  max_file_size: z.number().positive(),
});
export type TStaticChoices = z.infer<typeof ZStaticChoicesSchema>;

/** The label of a value in a list, the value itself when the list does not have it. */
export function choiceLabel(list: readonly TChoice[] | undefined, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return list?.find(([v]) => v === value)?.[1] ?? value;
}

/** The templates the survey confirmation form can be drawn with (choice_items' values). */
export const CONFIRMATION_FORM_TEMPLATES = ['ON_SITE', 'REMOTE'] as const;
export type TConfirmationFormTemplate = (typeof CONFIRMATION_FORM_TEMPLATES)[number];

/** The choice lists' path under the actions service's REST API (spec 000 §7 `GET static.choices/`). */
export const STATIC_CHOICES_API_PATH = '/static/choices';
