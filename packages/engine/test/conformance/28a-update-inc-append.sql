-- $1 = "0"
-- $2 = "{\"b\":1}"
-- $3 = "{\"x-hasura-role\":\"admin\"}"
-- $4 = "1"
WITH _m AS (UPDATE "public"."article" AS _b SET "author_id" = "_b"."author_id" + $1::"int4", "meta" = "_b"."meta" || $2::jsonb FROM (SELECT set_config('hasura.user', $3::text, true)) AS _cfg WHERE true AND ("_b"."id" = $4::"int4") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_build_object('affected_rows', (SELECT count(*) FROM _m)::integer, 'returning', (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."meta" AS "meta" FROM (SELECT "_b1"."meta" AS "meta" FROM _m AS "_b1" WHERE true) AS "_t2") AS "_r") AS _q)))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
