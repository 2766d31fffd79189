-- $1 = "edited"
-- $2 = "false"
-- $3 = "{\"x-hasura-role\":\"editor\",\"x-hasura-user-id\":\"1\"}"
-- $4 = "1"
-- $5 = "1"
WITH _m AS (UPDATE "public"."article" AS _b SET "title" = $1::"text", "published" = $2::"bool" FROM (SELECT set_config('hasura.user', $3::text, true)) AS _cfg WHERE true AND (("_b"."id" = $4::"int4")) RETURNING _b.*, (("_b"."author_id" = $5::"int4")) AS __check) SELECT (SELECT _q.j FROM (SELECT row_to_json("_r") AS "j" FROM (SELECT "_t2"."title" AS "title", "_t2"."published" AS "published" FROM (SELECT "_b1"."title" AS "title", "_b1"."published" AS "published" FROM _m AS "_b1" WHERE true LIMIT 1) AS "_t2") AS "_r") AS _q)::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
