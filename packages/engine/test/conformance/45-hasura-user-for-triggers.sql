-- $1 = "z"
-- $2 = "{\"x-hasura-role\":\"user\",\"x-hasura-user-id\":\"1\"}"
-- $3 = "1"
-- $4 = "2"
WITH _m AS (UPDATE "public"."article" AS _b SET "title" = $1::"text" FROM (SELECT set_config('hasura.user', $2::text, true)) AS _cfg WHERE ("_b"."author_id" = $3::"int4") AND ("_b"."id" = $4::"int4") RETURNING _b.*, (("_b"."author_id" = $3::"int4")) AS __check) SELECT (SELECT json_build_object('affected_rows', (SELECT count(*) FROM _m)::integer))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
