-- $1 = "Ann"
-- $2 = "7"
WITH _m AS (INSERT INTO "public"."author" AS _b ("name", "rating") VALUES ($1::"text", $2::"int4") ON CONFLICT ON CONSTRAINT "author_name_key" DO UPDATE SET "rating" = EXCLUDED."rating" WHERE true RETURNING _b.*, (CASE WHEN _b.xmax = 0 THEN true ELSE true END) AS __check) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = "t"
-- $2 = <fk:author_id>
WITH _m AS (INSERT INTO "public"."article" AS _b ("title", "author_id") VALUES ($1::"text", $2::"int4") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = <count>
-- $2 = <rows>
SELECT json_build_object('affected_rows', $1::integer, 'returning', (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_l3"."j" AS "author" FROM (SELECT "_b1"."author_id" AS "author_id" FROM json_populate_recordset(NULL::"public"."article", $2::json) AS "_b1" WHERE true) AS "_t2" LEFT OUTER JOIN LATERAL (SELECT row_to_json("_r") AS "j" FROM (SELECT "_t5"."id" AS "id", "_t5"."rating" AS "rating" FROM (SELECT "_b4"."id" AS "id", "_b4"."rating" AS "rating" FROM "public"."author" AS "_b4" WHERE true AND true AND "_b4"."id" = "_t2"."author_id" LIMIT 1) AS "_t5") AS "_r") AS "_l3" ON true) AS "_r") AS _q))::text AS root;
