-- $1 = "Dee"
WITH _m AS (INSERT INTO "public"."author" AS _b ("name") VALUES ($1::"text") RETURNING _b.*, (true) AS __check) SELECT (SELECT _q.j FROM (SELECT row_to_json("_r") AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM _m AS "_b1" WHERE true LIMIT 1) AS "_t2") AS "_r") AS _q)::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = "t"
-- $2 = "999"
WITH _m AS (INSERT INTO "public"."article" AS _b ("title", "author_id") VALUES ($1::"text", $2::"int4") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_build_object('affected_rows', (SELECT count(*) FROM _m)::integer))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
