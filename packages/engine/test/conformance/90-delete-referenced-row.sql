-- $1 = "{\"x-hasura-role\":\"admin\"}"
-- $2 = "1"
WITH _m AS (DELETE FROM "public"."author" AS _b USING (SELECT set_config('hasura.user', $1::text, true)) AS _cfg WHERE true AND (("_b"."id" = $2::"int4")) RETURNING _b.*, true AS __check) SELECT (SELECT _q.j FROM (SELECT row_to_json("_r") AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM _m AS "_b1" WHERE true LIMIT 1) AS "_t2") AS "_r") AS _q)::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
