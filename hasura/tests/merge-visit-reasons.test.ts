import path from 'node:path';
import { createTestDatabase } from '@portal/devdb/testing';
import { applyMigrations, listMigrations, loadProject, rollbackMigrations } from '@portal/engine';
import { describe, expect, it } from 'vitest';
import { connect } from './db.ts';

const project = loadProject(path.resolve(import.meta.dirname, '..'));

describe('migration merge_visit_reasons (spec 000 §3 reason_for_visit)', () => {
  it("spec 000 §3: one reason_for_visit per visit, from the choice list, keeping every visit's words", async () => {
    const older = await createTestDatabase('empty');
    const db = await connect(older.url);
    try {
      const merge = listMigrations(project).find((m) => m.name === 'merge_visit_reasons')!;
      for (const migration of listMigrations(project).filter((m) => m.version < merge.version))
        await applyMigrations({ project, databaseUrl: older.url, version: migration.version });
      const [org] = await db.q<{ id: number }>(
        `insert into organisations (name) values ('Lakeside') returning id`,
      );
      await db.q('insert into practices (organisation_id) values ($1)', [org!.id]);
      const [cycle] = await db.q<{ id: number }>(
        'insert into accreditations (practice_id) values ($1) returning id',
        [org!.id],
      );
      const visit = async (reason: string | null, words: string | null) =>
        (
          await db.q<{ id: number }>(
            'insert into survey_visits (accreditation_id, reason, reason_for_visit) values ($1, $2, $3) returning id',
            [cycle!.id, reason, words],
          )
        )[0]!.id;
      const chosen = await visit('COMPLAINT', null);
      const byLabel = await visit(null, ' follow-up of non-conformities ');
      const byValue = await visit(null, 'RELOCATION');
      const ownWords = await visit(null, 'Three-yearly accreditation survey');
      const both = await visit('FOLLOW_UP', 'Cold chain non-conformity');
      const same = await visit('FOLLOW_UP', 'Follow-up of non-conformities');
      const neither = await visit(null, null);

      await applyMigrations({ project, databaseUrl: older.url, version: merge.version });
      const rows = await db.q<{ id: number; reason_for_visit: string | null; label: string | null }>(
        `select v.id, v.reason_for_visit, r.comment as label from survey_visits v
           left join visit_reason r on r.value = v.reason_for_visit order by v.id`,
      );
      const of = (id: number) => rows.find((r) => r.id === id);
      expect(of(chosen)).toMatchObject({ reason_for_visit: 'COMPLAINT' });
      expect(of(byLabel)).toMatchObject({ reason_for_visit: 'FOLLOW_UP' });
      expect(of(byValue)).toMatchObject({ reason_for_visit: 'RELOCATION' });
      expect(of(ownWords)).toMatchObject({
        reason_for_visit: `LEGACY_${ownWords}`,
        label: 'Three-yearly accreditation survey',
      });
      expect(of(both)).toMatchObject({
        reason_for_visit: `LEGACY_${both}`,
        label: 'Follow-up of non-conformities: Cold chain non-conformity',
      });
      expect(of(same)).toMatchObject({ reason_for_visit: 'FOLLOW_UP' });
      expect(of(neither)).toMatchObject({ reason_for_visit: null });
      const columns = await db.q<{ column_name: string }>(
        `select column_name from information_schema.columns
          where table_name = 'survey_visits' and column_name like 'reason%' order by 1`,
      );
      expect(columns.map((c) => c.column_name)).toEqual(['reason_for_visit']);

      // The down gives the words back to the visits that had their own.
      await rollbackMigrations({ project, databaseUrl: older.url });
      const back = await db.q<{ id: number; reason: string | null; reason_for_visit: string | null }>(
        'select id, reason, reason_for_visit from survey_visits where id = $1',
        [ownWords],
      );
      expect(back).toEqual([
        { id: ownWords, reason: null, reason_for_visit: 'Three-yearly accreditation survey' },
      ]);
    } finally {
      await db.close();
      await older.drop();
    }
  });
});
