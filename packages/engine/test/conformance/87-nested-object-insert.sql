-- $1 = "Zoe"
WITH _m AS (INSERT INTO "public"."author" AS _b ("name") VALUES ($1::"text") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = "t"
-- $2 = <fk:author_id>
WITH _m AS (INSERT INTO "public"."article" AS _b ("title", "author_id") VALUES ($1::"text", $2::"int4") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = <rows>
SELECT (SELECT _q.j FROM (SELECT row_to_json("_r") AS "j" FROM (SELECT "_t2"."id" AS "id", "_t2"."author_id" AS "author_id", "_l3"."j" AS "author" FROM (SELECT "_b1"."id" AS "id", "_b1"."author_id" AS "author_id" FROM json_populate_recordset(NULL::"public"."article", $1::json) AS "_b1" WHERE true LIMIT 1) AS "_t2" LEFT OUTER JOIN LATERAL (SELECT row_to_json("_r") AS "j" FROM (SELECT "_t5"."id" AS "id", "_t5"."name" AS "name" FROM (SELECT "_b4"."id" AS "id", "_b4"."name" AS "name" FROM "public"."author" AS "_b4" WHERE true AND true AND "_b4"."id" = "_t2"."author_id" LIMIT 1) AS "_t5") AS "_r") AS "_l3" ON true) AS "_r") AS _q)::text AS root;
