-- $1 = "99"
-- $2 = "{\"x-hasura-role\":\"admin\"}"
-- $3 = "1"
WITH _m AS (UPDATE "public"."author" AS _b SET "rating" = $1::"int4" FROM (SELECT set_config('hasura.user', $2::text, true)) AS _cfg WHERE true AND ("_b"."id" = $3::"int4") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_build_object('affected_rows', (SELECT count(*) FROM _m)::integer))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
