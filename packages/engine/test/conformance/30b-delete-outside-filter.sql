-- $1 = "{\"x-hasura-role\":\"user\",\"x-hasura-user-id\":\"1\"}"
-- $2 = "1"
-- $3 = "3"
WITH _m AS (DELETE FROM "public"."article" AS _b USING (SELECT set_config('hasura.user', $1::text, true)) AS _cfg WHERE ("_b"."author_id" = $2::"int4") AND ("_b"."id" = $3::"int4") RETURNING _b.*, true AS __check) SELECT (SELECT json_build_object('affected_rows', (SELECT count(*) FROM _m)::integer))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
