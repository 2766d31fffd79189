import { z } from 'zod';
import { FACTSHEETS_PATH, RESOURCES_PATH } from '../routes/app-routes.ts';

/**
 * General resources and factsheets (spec 000 §2, spec 002 §2): the `/Resources` and
 * `/Factsheets` pages list rows of `indicator_resources` of the kind below (INDICATOR rows belong
 * to their indicator). Each is a file or a link, for practice managers and/or surveyors.
 */
export const GENERAL_RESOURCE_KINDS = ['RESOURCE', 'FACTSHEET'] as const;
export type TGeneralResourceKind = (typeof GENERAL_RESOURCE_KINDS)[number];

/** The page of each kind (its path and title; the header's links use the same paths). */
export const GENERAL_RESOURCE_PAGES: Readonly<
  Record<TGeneralResourceKind, { path: string; title: string; one: string }>
> = {
  RESOURCE: { path: RESOURCES_PATH, title: 'Resources', one: 'resource' },
  FACTSHEET: { path: FACTSHEETS_PATH, title: 'Factsheets', one: 'factsheet' },
};

export const RESOURCE_NAME_MAX = 200;
export const RESOURCE_CATEGORY_MAX = 60;
export const RESOURCE_DESCRIPTION_MAX = 500;

/** Ours: the spec gives no words for the resource form and its actions. */
export const RESOURCE_MESSAGES = {
  required: 'Required.',
  nameTooLong: `Max ${RESOURCE_NAME_MAX} characters`,
  categoryTooLong: `Max ${RESOURCE_CATEGORY_MAX} characters`,
  descriptionTooLong: `Max ${RESOURCE_DESCRIPTION_MAX} characters`,
  urlInvalid: 'Enter a web address starting with http:// or https://',
  fileOrUrl: 'Choose a file or enter a web address',
  fileRequired: 'Choose a file',
  urlRequired: 'Enter a web address',
  audienceRequired: 'Choose who sees it: practice managers, surveyors or both',
  noSuchUpload: 'The file was not uploaded, please choose it again',
  noSuchResource: 'There is no such resource',
  indicatorResource: 'Resources of an indicator are changed with their indicator',
  added: (one: string) => `Successfully added the ${one}.`,
  saved: (one: string) => `Successfully saved the ${one}.`,
  archived: (one: string) => `Successfully archived the ${one}.`,
  restored: (one: string) => `Successfully restored the ${one}.`,
  saveFailed: (one: string) => `Could not save the ${one}, please try again.`,
  archiveFailed: (one: string) => `Could not archive the ${one}, please try again.`,
} as const;

const trimmed = z.string().transform((s) => s.trim());

/**
 * The resource form, checked alike in the browser and by the `saveResource` action: a name, a
 * category, an optional description, at least one audience, and one of a file (the storage key
 * of a finished `createResourceUpload`) or an http(s) url. A new resource needs one of them; an
 * edit with neither keeps the resource's file (the server checks it has one).
 */
export const ZResourceFormSchema = z
  .object({
    resourceId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    kind: z.enum(GENERAL_RESOURCE_KINDS),
    name: trimmed.pipe(
      z.string().min(1, RESOURCE_MESSAGES.required).max(RESOURCE_NAME_MAX, RESOURCE_MESSAGES.nameTooLong),
    ),
    category: trimmed.pipe(
      z
        .string()
        .min(1, RESOURCE_MESSAGES.required)
        .max(RESOURCE_CATEGORY_MAX, RESOURCE_MESSAGES.categoryTooLong),
    ),
    description: z
      .string()
      .nullish()
      .transform((s) => (s ?? '').trim())
      .pipe(z.string().max(RESOURCE_DESCRIPTION_MAX, RESOURCE_MESSAGES.descriptionTooLong)),
    forPm: z.boolean(),
    forSurveyor: z.boolean(),
    url: z
      .string()
      .max(2000)
      .nullish()
      .transform((s) => s?.trim() || null),
    storageKey: z
      .string()
      .max(1000)
      .nullish()
      .transform((s) => s || null),
  })
  .superRefine((form, ctx) => {
    if (!form.forPm && !form.forSurveyor)
      ctx.addIssue({ code: 'custom', path: ['forPm'], message: RESOURCE_MESSAGES.audienceRequired });
    const hasUrl = !!form.url;
    const hasFile = form.storageKey !== null;
    if ((hasUrl && hasFile) || (!hasUrl && !hasFile && form.resourceId === null))
      ctx.addIssue({ code: 'custom', path: ['url'], message: RESOURCE_MESSAGES.fileOrUrl });
    else if (hasUrl && !/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(form.url!))
      ctx.addIssue({ code: 'custom', path: ['url'], message: RESOURCE_MESSAGES.urlInvalid });
  });
export type TResourceForm = z.input<typeof ZResourceFormSchema>;
export type TResourceFormOutput = z.output<typeof ZResourceFormSchema>;
