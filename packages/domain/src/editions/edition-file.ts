import { z } from 'zod';
import { CONTROL_CHARACTERS, ONE_LINE_CONTROL_CHARACTERS } from '../validation/control-characters.ts';

/**
 * An edition of the standards as a file (docs/editions.md): what a provider admin imports and
 * exports in the admin area, as JSON or YAML. Sets, indicators, checklist questions and items are
 * numbered and ordered by their place in the file; every indicator code is unique in the edition
 * (the mapping between editions names indicators by code).
 */

/** The file format's name and version, the file's first key. */
export const EDITION_FILE_FORMAT = 'portal-edition/1';

/** The largest edition file the admin area takes. */
export const EDITION_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** An edition's life: a draft is edited and previewed; a published one never changes; a retired one takes no new cycle. */
export const EDITION_STATUSES = ['DRAFT', 'PUBLISHED', 'RETIRED'] as const;
export type TEditionStatus = (typeof EDITION_STATUSES)[number];

/** The kinds of indicator set (the `indicator_set_type` enum). */
export const INDICATOR_SET_TYPES = ['STANDARDS', 'MODULE'] as const;

const oneLine = (what: string, max: number) =>
  z
    .string({ error: `Give the ${what} as text.` })
    .trim()
    .min(1, `Give the ${what}.`)
    .max(max, `Shorten the ${what} to ${max} characters or fewer.`)
    .refine(
      (text) => !ONE_LINE_CONTROL_CHARACTERS.test(text),
      `Remove the control characters from the ${what}.`,
    );

const multiLine = (what: string, max: number) =>
  z
    .string({ error: `Give the ${what} as text.` })
    .trim()
    .min(1, `Give the ${what}, or leave it out.`)
    .max(max, `Shorten the ${what} to ${max} characters or fewer.`)
    .refine((text) => !CONTROL_CHARACTERS.test(text), `Remove the control characters from the ${what}.`);

/** A code of the format (an edition's, a set's, an indicator's): letters, digits and . - _ /. */
export const editionCode = (what: string) =>
  oneLine(what, 40).refine(
    (text) => /^[A-Za-z0-9][A-Za-z0-9.\-_/]*$/.test(text),
    `Write the ${what} with letters, digits and . - _ / only, starting with a letter or digit.`,
  );

const ZChecklistItem = z.strictObject(
  {
    text: multiLine('item text', 1000),
    mustHave: z.boolean({ error: 'Write mustHave as true or false.' }).default(false),
  },
  { error: 'Write a checklist item as text and mustHave, nothing else.' },
);

const ZChecklist = z.strictObject(
  {
    question: multiLine('question', 2000),
    items: z
      .array(ZChecklistItem, { error: 'List the question’s items.' })
      .min(1, 'Give the question at least one item.'),
  },
  { error: 'Write a checklist question as question and items, nothing else.' },
);

const ZResource = z
  .strictObject(
    {
      name: oneLine('resource name', 200),
      /** A link, or a file stored with a resource of an earlier edition of this installation. */
      url: z
        .string({ error: 'Give the link as text.' })
        .max(2000, 'Shorten the link to 2000 characters or fewer.')
        .regex(/^https?:\/\/\S+$/, 'Give a link that starts with http:// or https://.')
        .optional(),
      storedFile: oneLine('stored file', 500).optional(),
      fileType: oneLine('file type', 100).optional(),
      forPracticeManager: z.boolean({ error: 'Write forPracticeManager as true or false.' }).default(false),
      forSurveyor: z.boolean({ error: 'Write forSurveyor as true or false.' }).default(false),
    },
    { error: 'Write a resource as name, url or storedFile, fileType, forPracticeManager and forSurveyor.' },
  )
  .refine((r) => (r.url === undefined) !== (r.storedFile === undefined), {
    message: 'Give a resource either a url or a storedFile, not both.',
  });

const ZIndicator = z.strictObject(
  {
    code: editionCode('indicator code'),
    criterion: editionCode('criterion code').optional(),
    name: multiLine('indicator name', 2000),
    description: multiLine('indicator description', 10000).optional(),
    mandatory: z.boolean({ error: 'Write mandatory as true or false.' }).default(true),
    flagged: z.boolean({ error: 'Write flagged as true or false.' }).default(false),
    evidenceLookbackMonths: z
      .number({ error: 'Write evidenceLookbackMonths as a whole number of months.' })
      .int('Write evidenceLookbackMonths as a whole number of months.')
      .min(1, 'Give evidenceLookbackMonths from 1 to 120.')
      .max(120, 'Give evidenceLookbackMonths from 1 to 120.')
      .optional(),
    checklists: z.array(ZChecklist, { error: 'List the indicator’s checklist questions.' }).default([]),
    resources: z.array(ZResource, { error: 'List the indicator’s resources.' }).default([]),
  },
  { error: 'Write an indicator with the keys of the format only (docs/editions.md).' },
);

const ZIndicatorSet = z.strictObject(
  {
    code: editionCode('set code'),
    name: oneLine('set name', 500),
    type: z
      .enum(INDICATOR_SET_TYPES, { error: `Give the set's type as ${INDICATOR_SET_TYPES.join(' or ')}.` })
      .default('STANDARDS'),
    indicators: z
      .array(ZIndicator, { error: 'List the set’s indicators.' })
      .min(1, 'Give the set at least one indicator.'),
  },
  { error: 'Write a set as code, name, type and indicators, nothing else.' },
);

/** The shape of an edition file; `checkEditionFile` adds the rules across it (codes unique). */
export const ZEditionFile = z.strictObject(
  {
    format: z.literal(EDITION_FILE_FORMAT, { error: `Start the file with format: ${EDITION_FILE_FORMAT}.` }),
    code: editionCode('edition code'),
    name: oneLine('edition name', 300),
    effectiveFrom: z.iso.date({ error: 'Give effectiveFrom as a date, YYYY-MM-DD.' }).optional(),
    sets: z
      .array(ZIndicatorSet, { error: 'List the edition’s sets.' })
      .min(1, 'Give the edition at least one set.'),
  },
  { error: 'Write the edition as format, code, name, effectiveFrom and sets, nothing else.' },
);

/** A problem of a file before its lines are known: where in the edition, and what. */
export interface TEditionIssue {
  path: PropertyKey[];
  message: string;
}

const codeOf = (value: unknown): string | null =>
  value && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'string'
    ? (value as { code: string }).code.trim() || null
    : null;
const listOf = (value: unknown, key: string): unknown[] => {
  const list = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return Array.isArray(list) ? list : [];
};

/**
 * Codes used twice (sets in the edition, indicators across the whole edition: the mapping between
 * editions names indicators by code), read from whatever the file holds, so they are listed with
 * the file's other problems.
 */
function duplicateCodes(raw: unknown): TEditionIssue[] {
  const issues: TEditionIssue[] = [];
  const setCodes = new Map<string, number>();
  const indicatorCodes = new Map<string, string>();
  for (const [s, set] of listOf(raw, 'sets').entries()) {
    const setCode = codeOf(set);
    if (setCode) {
      const earlier = setCodes.get(setCode.toLowerCase());
      if (earlier !== undefined)
        issues.push({
          path: ['sets', s, 'code'],
          message: `The set code ${setCode} is also set ${earlier + 1}'s: give each set its own code.`,
        });
      else setCodes.set(setCode.toLowerCase(), s);
    }
    for (const [i, indicator] of listOf(set, 'indicators').entries()) {
      const indicatorCode = codeOf(indicator);
      if (!indicatorCode) continue;
      const where = indicatorCodes.get(indicatorCode.toLowerCase());
      if (where !== undefined)
        issues.push({
          path: ['sets', s, 'indicators', i, 'code'],
          message: `The indicator code ${indicatorCode} is also used in set ${where}: give each indicator its own code.`,
        });
      else indicatorCodes.set(indicatorCode.toLowerCase(), setCode ?? `${s + 1}`);
    }
  }
  return issues;
}

/** A zod issue as the admin reads it: the key it names, what to do. */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return `Remove ${issue.keys.map((key) => `'${key}'`).join(', ')}: the format has no such key here.`;
  return issue.message;
}

/** Checks a parsed file whole: the edition (defaults filled in), or every problem of it. */
export function checkEditionFile(
  raw: unknown,
): { ok: true; edition: TEditionFile } | { ok: false; issues: TEditionIssue[] } {
  const parsed = ZEditionFile.safeParse(raw);
  const issues = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({ path: issue.path, message: issueMessage(issue) }))),
    ...duplicateCodes(raw),
  ];
  return parsed.success && issues.length === 0 ? { ok: true, edition: parsed.data } : { ok: false, issues };
}

export type TEditionFile = z.infer<typeof ZEditionFile>;
/** An edition file as written (defaults not filled in). */
export type TEditionFileInput = z.input<typeof ZEditionFile>;

/** One problem of an edition file: where (the path of keys and positions, and its line) and what. */
export interface TEditionFileProblem {
  /** The sheet of a workbook the problem is on (null in a JSON or YAML file). */
  sheet?: string | null;
  /** 1-based line of the file (a workbook: row of the sheet), when the problem is at a value of it. */
  line: number | null;
  /** Where in the edition, e.g. `sets[2].indicators[0].code`. */
  path: string;
  message: string;
}

/** `['sets', 2, 'indicators', 0, 'code']` as `sets[2].indicators[0].code`. */
export function editionPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/**
 * The file as it is exported: every key in the format's order, defaults written out (so a file
 * exported and imported again is equal), empty lists and absent optional values left out.
 */
export function canonicalEditionFile(edition: TEditionFile): TEditionFileInput {
  return {
    format: EDITION_FILE_FORMAT,
    code: edition.code,
    name: edition.name,
    ...(edition.effectiveFrom ? { effectiveFrom: edition.effectiveFrom } : {}),
    sets: edition.sets.map((set) => ({
      code: set.code,
      name: set.name,
      type: set.type,
      indicators: set.indicators.map((indicator) => ({
        code: indicator.code,
        ...(indicator.criterion ? { criterion: indicator.criterion } : {}),
        name: indicator.name,
        ...(indicator.description ? { description: indicator.description } : {}),
        mandatory: indicator.mandatory,
        flagged: indicator.flagged,
        ...(indicator.evidenceLookbackMonths
          ? { evidenceLookbackMonths: indicator.evidenceLookbackMonths }
          : {}),
        ...(indicator.checklists.length
          ? {
              checklists: indicator.checklists.map((checklist) => ({
                question: checklist.question,
                items: checklist.items.map((item) => ({ text: item.text, mustHave: item.mustHave })),
              })),
            }
          : {}),
        ...(indicator.resources.length
          ? {
              resources: indicator.resources.map((resource) => ({
                name: resource.name,
                ...(resource.url ? { url: resource.url } : {}),
                ...(resource.storedFile ? { storedFile: resource.storedFile } : {}),
                ...(resource.fileType ? { fileType: resource.fileType } : {}),
                forPracticeManager: resource.forPracticeManager,
                forSurveyor: resource.forSurveyor,
              })),
            }
          : {}),
      })),
    })),
  };
}

/** The JSON Schema of the format (docs/editions/edition.schema.json is this, checked by a test). */
export function editionJsonSchema(): Record<string, unknown> {
  return {
    $id: 'https://accreditation-portal.example/schemas/edition.schema.json',
    title: 'An edition of the standards (portal-edition/1)',
    ...z.toJSONSchema(ZEditionFile, { io: 'input', unrepresentable: 'any' }),
  };
}
