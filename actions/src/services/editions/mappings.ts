import {
  canonicalMappingFile,
  checkMappingFile,
  checkMappingRows,
  MAPPING_FILE_MAX_BYTES,
  type TEditionIssue,
  type TIndicatorMapping,
  type TMappingFile,
  ZIndicatorMapping,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';
import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { requireActiveProviderAdmin } from '../admin-users/admin-caller.ts';
import { type EditionFileFormat, locateIssues, parseFileText } from './edition-file.ts';
import { EditionFileRefused } from './editions.ts';
import {
  type EditionRef,
  findEdition,
  type IndicatorRef,
  indexEdition,
  loadMappingFile,
  resolveRows,
  writeRows,
} from './mapping-store.ts';

/** Who may manage the mappings between editions. */
export const MAPPINGS_REFUSED = 'Only a provider admin can manage the mappings between editions.';

type App = Pick<FastifyInstance, 'db'>;
const AS_ADMIN = (adminId: number) => ({ userId: adminId, role: 'provider_admin' });

/** A mapping as the admin screen shows it: its rows, what is left unmapped on each side, its coverage. */
export interface MappingView {
  id: number;
  from: EditionRef;
  to: EditionRef;
  indicators: ReturnType<typeof canonicalMappingFile>['indicators'];
  /** Indicators of the older edition with no row yet: a move needs none left. */
  unmappedFrom: IndicatorRef[];
  /** Indicators of the newer edition nothing maps to: new in that edition. */
  newIndicators: IndicatorRef[];
  /** How much of the older edition is mapped. */
  coverage: { mapped: number; total: number; percent: number };
}

/** Loads a mapping's header (404 for an unknown one). */
export async function loadMapping(
  q: Queryable,
  id: number,
): Promise<{ id: number; from: EditionRef; to: EditionRef }> {
  const row = await q.maybeOne<{ from_version_id: number; to_version_id: number }>(
    sql`select from_version_id, to_version_id from public.edition_mappings where id = ${id}`,
  );
  if (!row) throw new AppError('not_found', { message: 'No such mapping.' });
  const [from, to] = await Promise.all([
    findEdition(q, { id: row.from_version_id }),
    findEdition(q, { id: row.to_version_id }),
  ]);
  return { id, from: from!, to: to! };
}

/** The mapping as the screen shows it. */
export async function mappingView(q: Queryable, id: number): Promise<MappingView> {
  const mapping = await loadMapping(q, id);
  const file = await loadMappingFile(q, mapping);
  const [from, to] = [await indexEdition(q, mapping.from.id), await indexEdition(q, mapping.to.id)];
  const mapped = new Set(file.indicators.map((r) => r.from));
  const targeted = new Set(file.indicators.flatMap((r) => (r.to === undefined ? [] : [r.to].flat())));
  const total = from.indicators.length;
  return {
    ...mapping,
    indicators: canonicalMappingFile(file).indicators,
    unmappedFrom: from.indicators.filter((i) => !mapped.has(i.code)),
    newIndicators: to.indicators.filter((i) => !targeted.has(i.code)),
    coverage: {
      mapped: mapped.size,
      total,
      percent: total ? Math.floor((mapped.size / total) * 1000) / 10 : 100,
    },
  };
}

/** Every mapping, newest first, with its coverage. */
export async function listMappings(app: App, adminId: number): Promise<MappingView[]> {
  await requireActiveProviderAdmin(app.db, adminId, MAPPINGS_REFUSED);
  const ids = await app.db.many<{ id: number }>(sql`select id from public.edition_mappings order by id desc`);
  return Promise.all(ids.map(({ id }) => mappingView(app.db, id)));
}

/** A refused change of a mapping: the database's own rule (a backstop behind the checks here) as a 400. */
function mappingRuleRefused(error: { code?: string; constraint?: string; message?: string }): never {
  if (error.code === '23514' && error.constraint === 'edition_mapping_rules')
    throw new EditionFileRefused([{ line: null, path: '', message: error.message ?? '' }], 1);
  throw error;
}

/**
 * A provider admin imports a mapping file (JSON or YAML): checked whole (every problem with its
 * line: the shape, the rules across rows, then the editions, codes and items it names), then
 * stored as the mapping of its two editions, replacing that mapping's rows if it has one, in one
 * transaction. A refused file changes nothing.
 */
export async function importMapping(app: App, adminId: number, text: string): Promise<MappingView> {
  await requireActiveProviderAdmin(app.db, adminId, MAPPINGS_REFUSED);
  const parsed = parseFileText(text, MAPPING_FILE_MAX_BYTES);
  if (!parsed.ok) throw new EditionFileRefused(parsed.problems, parsed.total);
  const checked = checkMappingFile(parsed.document.toJS({ maxAliasCount: 0 }));
  const refuse = (issues: TEditionIssue[]): never => {
    const located = locateIssues(parsed, issues);
    throw new EditionFileRefused(located.problems, located.total);
  };
  if (!checked.ok) return refuse(checked.issues);
  const file: TMappingFile = checked.mapping;
  return app.db
    .transaction(async (tx) => {
      const from = await findEdition(tx, { code: file.from });
      const to = await findEdition(tx, { code: file.to });
      const missing: TEditionIssue[] = [];
      if (!from) missing.push({ path: ['from'], message: `No edition has the code ${file.from}.` });
      if (!to) missing.push({ path: ['to'], message: `No edition has the code ${file.to}.` });
      if (!from || !to) return refuse(missing);
      const resolved = resolveRows(
        file.indicators,
        await indexEdition(tx, from.id),
        await indexEdition(tx, to.id),
        (r) => ['indicators', r],
      );
      if (resolved.issues.length) return refuse(resolved.issues);
      const { id } = await tx.one<{ id: number }>(sql`
        insert into public.edition_mappings (from_version_id, to_version_id) values (${from.id}, ${to.id})
        on conflict (from_version_id, to_version_id) do update set updated_at = now()
        returning id`);
      await writeRows(tx, id, 'all', resolved.rows);
      return id;
    }, AS_ADMIN(adminId))
    .catch(mappingRuleRefused)
    .then((id) => mappingView(app.db, id));
}

/** The mapping as a file to download: canonical, so importing it again and exporting gives it back. */
export async function exportMapping(
  app: App,
  adminId: number,
  id: number,
  format: EditionFileFormat,
): Promise<{ fileName: string; contentType: string; body: Uint8Array }> {
  await requireActiveProviderAdmin(app.db, adminId, MAPPINGS_REFUSED);
  const mapping = await loadMapping(app.db, id);
  const file = canonicalMappingFile(await loadMappingFile(app.db, mapping));
  const text = format === 'json' ? `${JSON.stringify(file, null, 2)}\n` : stringify(file, { lineWidth: 0 });
  return {
    fileName: `${mapping.from.code}-to-${mapping.to.code}.mapping.${format}`.replace(/[^A-Za-z0-9._-]/g, '_'),
    contentType: format === 'json' ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8',
    body: new TextEncoder().encode(text),
  };
}

/** An empty mapping between two editions (409 when they have one; 404 for an unknown edition). */
export async function createMapping(
  app: App,
  adminId: number,
  editions: { from: number; to: number },
): Promise<MappingView> {
  await requireActiveProviderAdmin(app.db, adminId, MAPPINGS_REFUSED);
  if (editions.from === editions.to)
    throw new AppError('invalid_input', {
      message: 'Map an edition to another one: from and to are the same.',
    });
  const id = await app.db.transaction(async (tx) => {
    for (const id of [editions.from, editions.to])
      if (!(await findEdition(tx, { id }))) throw new AppError('not_found', { message: 'No such edition.' });
    const row = await tx.maybeOne<{ id: number }>(sql`
      insert into public.edition_mappings (from_version_id, to_version_id) values (${editions.from}, ${editions.to})
      on conflict (from_version_id, to_version_id) do nothing returning id`);
    if (!row)
      throw new AppError('invalid_transition', {
        message: 'These two editions have a mapping already: change that one.',
      });
    return row.id;
  }, AS_ADMIN(adminId));
  return mappingView(app.db, id);
}

/** A change of a mapping from the screen: rows to set (each replaces its older indicator's row), older indicators to unmap. */
export const ZMappingChange = z.strictObject(
  {
    set: z.array(ZIndicatorMapping, { error: 'List the rows to set.' }).max(5000).default([]),
    unmap: z
      .array(z.string().max(40), { error: 'List the older indicators’ codes to unmap.' })
      .max(5000)
      .default([]),
  },
  { error: 'Send set and unmap, nothing else.' },
);

/**
 * Changes some rows of a mapping: the rows given replace those of their older indicators, the
 * older indicators listed are unmapped; the whole mapping must still hold together (a merge
 * needs its sources changed in one request). 400 with every problem; nothing changed on one.
 */
export async function changeMapping(
  app: App,
  adminId: number,
  id: number,
  change: z.infer<typeof ZMappingChange>,
): Promise<MappingView> {
  await requireActiveProviderAdmin(app.db, adminId, MAPPINGS_REFUSED);
  const refuse = (issues: TEditionIssue[]): never => {
    throw new EditionFileRefused(
      issues.map((i) => ({ line: null, path: i.path.map(String).join('.'), message: i.message })),
      issues.length,
      `The change has ${issues.length} problem${issues.length === 1 ? '' : 's'}; nothing was changed.`,
    );
  };
  await app.db
    .transaction(async (tx) => {
      await tx.one(sql`select id from public.edition_mappings where id = ${id} for update`).catch(() => {
        throw new AppError('not_found', { message: 'No such mapping.' });
      });
      const mapping = await loadMapping(tx, id);
      const stored = await loadMappingFile(tx, mapping);
      const changed = new Set(
        [...change.set.map((r) => r.from), ...change.unmap].map((c) => c.toLowerCase()),
      );
      const kept = stored.indicators.filter((r) => !changed.has(r.from.toLowerCase()));
      const all: TIndicatorMapping[] = [...change.set, ...kept];
      const issues = checkMappingRows(all).map((issue) =>
        issue.path[1] !== undefined && Number(issue.path[1]) < change.set.length
          ? { ...issue, path: ['set', ...issue.path.slice(1)] }
          : { ...issue, message: `${issue.message} (row of ${all[Number(issue.path[1])]?.from})`, path: [] },
      );
      if (issues.length) return refuse(issues);
      const from = await indexEdition(tx, mapping.from.id);
      const resolved = resolveRows(change.set, from, await indexEdition(tx, mapping.to.id), (r) => [
        'set',
        r,
      ]);
      const unknown = change.unmap.filter((code) => !from.byCode.has(code.toLowerCase()));
      for (const code of unknown)
        resolved.issues.push({ path: ['unmap'], message: `The older edition has no indicator ${code}.` });
      if (resolved.issues.length) return refuse(resolved.issues);
      const fromIds = [...changed].map((code) => from.byCode.get(code)!.id);
      await writeRows(tx, id, fromIds, resolved.rows);
    }, AS_ADMIN(adminId))
    .catch(mappingRuleRefused);
  return mappingView(app.db, id);
}
