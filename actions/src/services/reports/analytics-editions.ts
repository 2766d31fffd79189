import { sql } from '../../db/sql.ts';

/**
 * The analytics report across editions (docs/decisions/editions.md, "Reports across editions"):
 * compared on one edition, the findings on older editions follow the mappings to it.
 */

/** The edition a survey was answered against (its own; its cycle's for one made before editions moved). */
export const SURVEY_EDITION = sql`coalesce(a.survey_version_id, acc.survey_version_id)`;

/**
 * Compared on one edition (`filters.edition`): each finding on an older edition with a mapping to
 * it counts for the indicators its own maps to (a split's parts each, a merge's one; a retired
 * indicator's nowhere), marked `mapped`; surveys on editions with no mapping to it do not count.
 * Otherwise every finding counts for its own indicator, each edition apart.
 */
export function comparedFindings(edition: number | undefined) {
  if (edition === undefined)
    return sql`compared as (select practice_id, indicator_id, compliance, false as mapped from findings)`;
  return sql`
    translation as (
      select m.from_indicator_id, m.to_indicator_id
        from public.edition_indicator_mappings m
        join public.edition_mappings em on em.id = m.mapping_id
       where em.to_version_id = ${edition} and m.to_indicator_id is not null
    ),
    compared as (
      select f.practice_id, coalesce(t.to_indicator_id, f.indicator_id) as indicator_id, f.compliance,
             t.to_indicator_id is not null as mapped
        from findings f
        left join translation t on t.from_indicator_id = f.indicator_id
       where t.to_indicator_id is not null
          or exists (select 1 from public.indicators i join public.indicator_sets st on st.id = i.indicator_set_id
                      where i.id = f.indicator_id and st.survey_version_id = ${edition})
    )`;
}

/** The compared-on edition's code and the older editions counted through a mapping (null apart). */
export function editionNames(edition: number | undefined) {
  if (edition === undefined) return sql`null::text as edition_code, null::json as older_editions`;
  return sql`
    (select code from public.survey_versions where id = ${edition}) as edition_code,
    (select json_agg(code order by code) from (
       select distinct sv.code
         from findings f
         join translation t on t.from_indicator_id = f.indicator_id
         join public.indicators i on i.id = f.indicator_id
         join public.indicator_sets st on st.id = i.indicator_set_id
         join public.survey_versions sv on sv.id = st.survey_version_id) e) as older_editions`;
}
