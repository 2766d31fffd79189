-- $1 = "Ann"
-- $2 = "1"
-- $3 = "Bob"
WITH _m AS (INSERT INTO "public"."author" AS _b ("name", "rating") VALUES ($1::"text", $2::"int4"), ($3::"text", $2::"int4") ON CONFLICT ON CONSTRAINT "author_name_key" DO UPDATE SET "rating" = EXCLUDED."rating" WHERE true AND ("_b"."rating" IS NULL) RETURNING _b.*, (CASE WHEN _b.xmax = 0 THEN true ELSE true END) AS __check) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = <count>
-- $2 = <rows>
SELECT json_build_object('affected_rows', $1::integer, 'returning', (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."name" AS "name", "_t2"."rating" AS "rating" FROM (SELECT "_b1"."name" AS "name", "_b1"."rating" AS "rating" FROM json_populate_recordset(NULL::"public"."author", $2::json) AS "_b1" WHERE true) AS "_t2") AS "_r") AS _q))::text AS root;
