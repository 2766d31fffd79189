import type pg from 'pg';

/**
 * The editions bench's data: an older edition of 150 indicators (10 sets of 15, each with one
 * question of three items), a newer one with the same 150 and 5 more, a complete mapping with
 * every kind (143 equivalent with their items, 2 splits, 2 merges of two, 1 retired), and
 * `practices` practices each with a self assessment in progress answered on every indicator
 * (marks, N/A, observations, ticks), a comment and an evidence document.
 */
export async function createEditionsData(
  sql: pg.Pool,
  practices: number,
): Promise<{ mappingId: number; assessmentIds: number[]; adminId: number }> {
  const edition = async (code: string, extra: number) => {
    const { rows } = await sql.query<{ id: number }>(
      'insert into public.survey_versions (code, name) values ($1, $1) returning id',
      [code],
    );
    const id = rows[0]!.id;
    await sql.query(
      `insert into public.indicator_sets (survey_version_id, name, full_code, sort_order)
       select $1, 'Set ' || g, 'S' || g, g from generate_series(1, $2::int) g`,
      [id, extra ? 11 : 10],
    );
    await sql.query(
      `insert into public.indicators (indicator_set_id, code, name, sort_order)
       select s.id, case when s.sort_order = 11 then 'N' || k else 'I' || ((s.sort_order - 1) * 15 + k) end,
              'Indicator ' || s.sort_order || '.' || k, k
         from public.indicator_sets s cross join generate_series(1, 15) k
        where s.survey_version_id = $1 and (s.sort_order <= 10 or k <= $2::int)`,
      [id, extra],
    );
    await sql.query(
      `insert into public.checklists (indicator_id, question_number, question_text)
       select i.id, 1, 'Does the practice meet ' || i.code || '?' from public.indicators i
         join public.indicator_sets s on s.id = i.indicator_set_id where s.survey_version_id = $1`,
      [id],
    );
    await sql.query(
      `insert into public.checklist_items (checklist_id, item_number, item_text, must_have)
       select c.id, n, 'Item ' || n, n = 1 from public.checklists c
         join public.indicators i on i.id = c.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id
        cross join generate_series(1, 3) n where s.survey_version_id = $1`,
      [id],
    );
    await sql.query(`update public.survey_versions set status = 'PUBLISHED' where id = $1`, [id]);
    return id;
  };
  const suffix = Date.now().toString(36);
  const older = await edition(`BENCH-OLD-${suffix}`, 0);
  const newer = await edition(`BENCH-NEW-${suffix}`, 5);
  const { rows: mapping } = await sql.query<{ id: number }>(
    'insert into public.edition_mappings (from_version_id, to_version_id) values ($1, $2) returning id',
    [older, newer],
  );
  const mappingId = mapping[0]!.id;
  const rows: Array<[string, string, string | null, number]> = [];
  for (let n = 1; n <= 150; n++) {
    const code = `I${n}`;
    if (n === 141 || n === 142) rows.push([code, 'SPLIT', code, 1], [code, 'SPLIT', `N${n - 140}`, 2]);
    else if (n === 143 || n === 144) rows.push([code, 'MERGED', 'I143', 1]);
    else if (n === 145 || n === 146) rows.push([code, 'MERGED', 'I145', 1]);
    else if (n === 147) rows.push([code, 'RETIRED', null, 1]);
    else rows.push([code, 'EQUIVALENT', code, 1]);
  }
  const client = await sql.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into public.edition_indicator_mappings (mapping_id, from_indicator_id, kind, to_indicator_id, position)
       select $1, f.id, r.kind, t.id, r.position
         from jsonb_to_recordset($2::jsonb) as r("from" text, kind text, "to" text, position int)
         join public.indicators f on f.code = r.from
         join public.indicator_sets fs on fs.id = f.indicator_set_id and fs.survey_version_id = $3
         left join (public.indicators t join public.indicator_sets ts on ts.id = t.indicator_set_id and ts.survey_version_id = $4)
           on t.code = r.to`,
      [
        mappingId,
        JSON.stringify(rows.map(([from, kind, to, position]) => ({ from, kind, to, position }))),
        older,
        newer,
      ],
    );
    // Every item of an indicator to the same item of its (first) target.
    await client.query(
      `insert into public.edition_item_mappings (mapping_id, from_item_id, to_item_id)
       select $1, ft.id, tt.id from public.edition_indicator_mappings r
         join public.checklists fc on fc.indicator_id = r.from_indicator_id
         join public.checklist_items ft on ft.checklist_id = fc.id
         join public.checklists tc on tc.indicator_id = r.to_indicator_id
         join public.checklist_items tt on tt.checklist_id = tc.id and tt.item_number = ft.item_number
        where r.mapping_id = $1 and r.position = 1`,
      [mappingId],
    );
    await client.query('commit');
  } finally {
    client.release();
  }
  const { rows: admin } = await sql.query<{ id: number }>(
    `insert into public.users (email, first_name, last_name, is_admin) values ($1, 'Bench', 'Admin', true) returning id`,
    [`bench-admin-${suffix}@bench.test`],
  );
  const { rows: folder } = await sql.query<{ id: number }>(
    'insert into public.folders (name) values ($1) returning id',
    [`Bench evidence ${suffix}`],
  );
  await sql.query(
    `with o as (insert into public.organisations (name) select 'Bench practice ' || g from generate_series(1, $1::int) g returning id),
          p as (insert into public.practices (organisation_id) select id from o returning organisation_id)
     insert into public.accreditations (practice_id, survey_version_id) select organisation_id, $2 from p`,
    [practices, older],
  );
  const { rows: assessments } = await sql.query<{ id: number }>(
    `insert into public.assessments (accreditation_id, type)
     select id, 'PRESURVEY' from public.accreditations where survey_version_id = $1 order by id returning id`,
    [older],
  );
  await sql.query(
    `insert into public.indicator_responses (assessment_id, indicator_id, compliance, is_marked_complete, observation, checklists)
     select a.id, i.id,
            case when i.sort_order % 7 = 0 then 'NOT_APPLICABLE' end,
            i.sort_order % 7 <> 0 and i.sort_order % 3 = 0,
            case when i.sort_order % 5 = 0 then 'Seen at the visit: ' || i.code end,
            '{"1": {"1": true, "2": true, "3": false}}'::jsonb
       from public.assessments a cross join public.indicators i join public.indicator_sets s on s.id = i.indicator_set_id
      where s.survey_version_id = $1 and a.id = any($2::int[])`,
    [older, assessments.map((a) => a.id)],
  );
  await sql.query(
    `insert into public.comments (practice_id, indicator_response_id, comment)
     select acc.practice_id, r.id, 'Our hours are on the website.' from public.indicator_responses r
       join public.assessments a on a.id = r.assessment_id join public.accreditations acc on acc.id = a.accreditation_id
       join public.indicators i on i.id = r.indicator_id where i.code = 'I1' and a.id = any($1::int[])`,
    [assessments.map((a) => a.id)],
  );
  await sql.query(
    `insert into public.documents (practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at, indicator_response_id)
     select acc.practice_id, $2, 'Hours.pdf', 'bench/' || r.id || '/hours.pdf', 1024, 'application/pdf', now(), r.id
       from public.indicator_responses r join public.assessments a on a.id = r.assessment_id
       join public.accreditations acc on acc.id = a.accreditation_id
       join public.indicators i on i.id = r.indicator_id where i.code = 'I2' and a.id = any($1::int[])`,
    [assessments.map((a) => a.id), folder[0]!.id],
  );
  await sql.query('analyze');
  return { mappingId, assessmentIds: assessments.map((a) => a.id), adminId: admin[0]!.id };
}
