-- $1 = "T"
-- $2 = "{\"x-hasura-role\":\"admin\"}"
-- $3 = "1"
WITH _m AS (UPDATE "public"."article" AS _b SET "title" = $1::"text" FROM (SELECT set_config('hasura.user', $2::text, true)) AS _cfg WHERE true AND (("_b"."id" = $3::"int4")) RETURNING _b.*, (true) AS __check) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = <rows>
SELECT (SELECT _q.j FROM (SELECT row_to_json("_r") AS "j" FROM (SELECT 'article'::text AS "__typename", "_t2"."id" AS "id", "_t2"."title" AS "title", "_l3"."j" AS "author" FROM (SELECT "_b1"."id" AS "id", "_b1"."title" AS "title", "_b1"."author_id" AS "author_id" FROM json_populate_recordset(NULL::"public"."article", $1::json) AS "_b1" WHERE true LIMIT 1) AS "_t2" LEFT OUTER JOIN LATERAL (SELECT row_to_json("_r") AS "j" FROM (SELECT "_t5"."name" AS "name" FROM (SELECT "_b4"."name" AS "name" FROM "public"."author" AS "_b4" WHERE true AND true AND "_b4"."id" = "_t2"."author_id" LIMIT 1) AS "_t5") AS "_r") AS "_l3" ON true) AS "_r") AS _q)::text AS root;

-- $1 = "{\"x-hasura-role\":\"admin\"}"
-- $2 = "2"
WITH _m AS (DELETE FROM "public"."article" AS _b USING (SELECT set_config('hasura.user', $1::text, true)) AS _cfg WHERE true AND ("_b"."id" = $2::"int4") RETURNING _b.*, true AS __check) SELECT (SELECT json_build_object('__typename', 'article_mutation_response'::text, 'affected_rows', (SELECT count(*) FROM _m)::integer))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
