import { z } from 'zod';
import { editionCode, type TEditionIssue } from './edition-file.ts';

/**
 * A mapping between two editions as a file (docs/editions/README.md, "Mappings"): for each
 * indicator of the older edition, EQUIVALENT (1:1), SPLIT (1:n), MERGED (n:1) or RETIRED, and the
 * checklist items that carry over. The newer edition's indicators nothing maps to are new.
 */

/** The mapping file format's name and version, the file's first key. */
export const MAPPING_FILE_FORMAT = 'portal-edition-mapping/1';

/** The largest mapping file the admin area takes. */
export const MAPPING_FILE_MAX_BYTES = 1024 * 1024;

/** What became of an indicator of the older edition. */
export const MAPPING_KINDS = ['EQUIVALENT', 'SPLIT', 'MERGED', 'RETIRED'] as const;
export type TMappingKind = (typeof MAPPING_KINDS)[number];

/** A checklist item named by its question's and its own number: `"2.1"` is question 2, item 1. */
export const ZItemNumber = z
  .string({ error: 'Write the item as its question and item numbers in quotes, such as "2.1".' })
  .regex(
    /^[1-9][0-9]{0,3}\.[1-9][0-9]{0,3}$/,
    'Write the item as its question and item numbers, such as "2.1".',
  );

const ZItemMapping = z.strictObject(
  {
    from: ZItemNumber,
    to: ZItemNumber,
    toIndicator: editionCode('indicator code').optional(),
  },
  { error: 'Write an item as from, to and (for a split) toIndicator, nothing else.' },
);

/** One indicator of the older edition: its kind, its targets, its items that carry over. */
export const ZIndicatorMapping = z.strictObject(
  {
    from: editionCode('indicator code'),
    kind: z.enum(MAPPING_KINDS, { error: `Give the kind as ${MAPPING_KINDS.join(', ')}.` }),
    to: z
      .union([editionCode('indicator code'), z.array(editionCode('indicator code'))], {
        error: 'Give to as an indicator code, or a list of them for a split.',
      })
      .optional(),
    items: z.array(ZItemMapping, { error: 'List the items that carry over.' }).max(500).default([]),
  },
  { error: 'Write an indicator as from, kind, to and items, nothing else.' },
);

/** The shape of a mapping file; `checkMappingFile` adds the rules across it. */
export const ZMappingFile = z.strictObject(
  {
    format: z.literal(MAPPING_FILE_FORMAT, { error: `Start the file with format: ${MAPPING_FILE_FORMAT}.` }),
    from: editionCode('older edition code'),
    to: editionCode('newer edition code'),
    indicators: z.array(ZIndicatorMapping, { error: 'List the older edition’s indicators.' }).max(5000),
  },
  { error: 'Write the mapping as format, from, to and indicators, nothing else.' },
);

export type TMappingFile = z.infer<typeof ZMappingFile>;
export type TIndicatorMapping = z.infer<typeof ZIndicatorMapping>;

/** The targets of a row, as a list. */
export const targetsOf = (row: Pick<TIndicatorMapping, 'to'>): string[] =>
  row.to === undefined ? [] : Array.isArray(row.to) ? row.to : [row.to];

const key = (code: string) => code.toLowerCase();

/** A row's own rules: how many targets its kind takes, items only where there is a target. */
export function checkIndicatorMapping(row: TIndicatorMapping, at: PropertyKey[] = []): TEditionIssue[] {
  const issues: TEditionIssue[] = [];
  const to = targetsOf(row);
  const one = row.kind === 'EQUIVALENT' || row.kind === 'MERGED';
  if (row.kind === 'RETIRED' && to.length)
    issues.push({ path: [...at, 'to'], message: 'A retired indicator maps to nothing: remove to.' });
  if (row.kind === 'RETIRED' && row.items.length)
    issues.push({ path: [...at, 'items'], message: 'A retired indicator carries no item: remove items.' });
  if (one && (to.length !== 1 || Array.isArray(row.to)))
    issues.push({
      path: [...at, 'to'],
      message: `Give ${row.kind.toLowerCase()} exactly one indicator code as to.`,
    });
  if (row.kind === 'SPLIT' && (!Array.isArray(row.to) || new Set(to.map(key)).size < 2))
    issues.push({
      path: [...at, 'to'],
      message: 'Give a split a list of two or more different indicator codes as to.',
    });
  const seen = new Set<string>();
  for (const [n, item] of row.items.entries()) {
    const target = item.toIndicator ?? to[0];
    if (item.toIndicator !== undefined && !to.map(key).includes(key(item.toIndicator)))
      issues.push({
        path: [...at, 'items', n, 'toIndicator'],
        message: `Give toIndicator as one of this indicator’s targets (${to.join(', ')}).`,
      });
    const pair = `${item.from}>${key(target ?? '')}:${item.to}`;
    if (seen.has(pair))
      issues.push({
        path: [...at, 'items', n],
        message: `The item ${item.from} is mapped to ${item.to} twice.`,
      });
    seen.add(pair);
  }
  return issues;
}

/**
 * The rules across rows: an older indicator listed once; a newer indicator the target of one
 * EQUIVALENT or SPLIT row, or of two or more MERGED rows and nothing else.
 */
export function checkMappingRows(rows: readonly TIndicatorMapping[]): TEditionIssue[] {
  const issues: TEditionIssue[] = [];
  const firstRow = new Map<string, number>();
  const sources = new Map<string, Array<{ row: number; kind: TMappingKind }>>();
  for (const [r, row] of rows.entries()) {
    issues.push(...checkIndicatorMapping(row, ['indicators', r]));
    const earlier = firstRow.get(key(row.from));
    if (earlier !== undefined)
      issues.push({
        path: ['indicators', r, 'from'],
        message: `The indicator ${row.from} is mapped already (indicators[${earlier}]): map each older indicator once.`,
      });
    else firstRow.set(key(row.from), r);
    for (const target of new Set(targetsOf(row).map(key)))
      sources.set(target, [...(sources.get(target) ?? []), { row: r, kind: row.kind }]);
  }
  for (const [target, from] of sources) {
    const merged = from.filter((s) => s.kind === 'MERGED');
    const last = from.at(-1)!;
    const code = targetsOf(rows[last.row]!).find((c) => key(c) === target);
    if (merged.length && merged.length < from.length)
      issues.push({
        path: ['indicators', last.row, 'to'],
        message: `The indicator ${code} is a merge target and another kind’s target: a merged indicator takes merges only.`,
      });
    else if (merged.length === 1)
      issues.push({
        path: ['indicators', last.row, 'kind'],
        message: `Only ${rows[last.row]!.from} merges into ${code}: a merge has two or more sources (else it is equivalent).`,
      });
    else if (!merged.length && from.length > 1)
      issues.push({
        path: ['indicators', last.row, 'to'],
        message: `The indicator ${code} is the target of ${from.length} rows: several older indicators into one is a merge.`,
      });
  }
  return issues;
}

/** Checks a parsed mapping file whole: the mapping, or every problem of it. */
export function checkMappingFile(
  raw: unknown,
): { ok: true; mapping: TMappingFile } | { ok: false; issues: TEditionIssue[] } {
  const parsed = ZMappingFile.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({
        // A key the format has not: at the key itself (its line), not at the object holding it.
        path: issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path,
        message:
          issue.code === 'unrecognized_keys'
            ? `Remove ${issue.keys.map((k) => `'${k}'`).join(', ')}: the format has no such key here.`
            : issue.message,
      })),
    };
  const issues = checkMappingRows(parsed.data.indicators);
  if (key(parsed.data.from) === key(parsed.data.to))
    issues.unshift({ path: ['to'], message: 'Map an edition to another one: from and to are the same.' });
  return issues.length ? { ok: false, issues } : { ok: true, mapping: parsed.data };
}

/** The file as it is exported: keys in the format's order, items only where there are some. */
export function canonicalMappingFile(mapping: TMappingFile): z.input<typeof ZMappingFile> {
  return {
    format: MAPPING_FILE_FORMAT,
    from: mapping.from,
    to: mapping.to,
    indicators: mapping.indicators.map((row) => ({
      from: row.from,
      kind: row.kind,
      ...(row.kind === 'RETIRED' ? {} : { to: row.kind === 'SPLIT' ? targetsOf(row) : targetsOf(row)[0] }),
      ...(row.items.length
        ? {
            items: row.items.map((item) => ({
              from: item.from,
              to: item.to,
              ...(item.toIndicator ? { toIndicator: item.toIndicator } : {}),
            })),
          }
        : {}),
    })),
  };
}
