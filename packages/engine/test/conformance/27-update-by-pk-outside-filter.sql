-- $1 = "x"
-- $2 = "{\"x-hasura-role\":\"user\",\"x-hasura-user-id\":\"1\"}"
-- $3 = "1"
-- $4 = "3"
WITH _m AS (UPDATE "public"."article" AS _b SET "title" = $1::"text" FROM (SELECT set_config('hasura.user', $2::text, true)) AS _cfg WHERE ("_b"."author_id" = $3::"int4") AND (("_b"."id" = $4::"int4")) RETURNING _b.*, (("_b"."author_id" = $3::"int4")) AS __check) SELECT (SELECT _q.j FROM (SELECT row_to_json("_r") AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM _m AS "_b1" WHERE true LIMIT 1) AS "_t2") AS "_r") AS _q)::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
