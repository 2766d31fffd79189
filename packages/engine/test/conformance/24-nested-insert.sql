-- $1 = "Eve"
WITH _m AS (INSERT INTO "public"."author" AS _b ("name") VALUES ($1::"text") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = "a"
-- $2 = <fk:author_id>
WITH _m AS (INSERT INTO "public"."article" AS _b ("title", "author_id") VALUES ($1::"text", $2::"int4") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = "b"
-- $2 = <fk:author_id>
WITH _m AS (INSERT INTO "public"."article" AS _b ("title", "author_id") VALUES ($1::"text", $2::"int4") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = <count>
-- $2 = <rows>
SELECT json_build_object('affected_rows', $1::integer, 'returning', (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id", "_l3"."j" AS "articles" FROM (SELECT "_b1"."id" AS "id" FROM json_populate_recordset(NULL::"public"."author", $2::json) AS "_b1" WHERE true) AS "_t2" LEFT OUTER JOIN LATERAL (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t5"."title" AS "title", "_t5"."author_id" AS "author_id" FROM (SELECT "_b4"."title" AS "title", "_b4"."author_id" AS "author_id" FROM "public"."article" AS "_b4" WHERE true AND "_b4"."author_id" = "_t2"."id" ORDER BY "_b4"."id" ASC NULLS LAST) AS "_t5") AS "_r") AS "_l3" ON true) AS "_r") AS _q))::text AS root;
