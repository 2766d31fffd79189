-- $1 = "2"
-- $2 = "false"
-- $3 = "{\"x-hasura-role\":\"editor\",\"x-hasura-user-id\":\"1\"}"
-- $4 = "1"
-- $5 = "1"
WITH _m AS (UPDATE "public"."article" AS _b SET "author_id" = $1::"int4", "published" = $2::"bool" FROM (SELECT set_config('hasura.user', $3::text, true)) AS _cfg WHERE true AND ("_b"."id" = $4::"int4") RETURNING _b.*, (("_b"."author_id" = $5::"int4")) AS __check) SELECT (SELECT json_build_object('affected_rows', (SELECT count(*) FROM _m)::integer))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
