-- $1 = "{\"x-hasura-role\":\"owner\",\"x-hasura-user-id\":\"2\"}"
-- $2 = "true"
-- $3 = "{\"1\",\"3\"}"
WITH _m AS (DELETE FROM "public"."article" AS _b USING (SELECT set_config('hasura.user', $1::text, true)) AS _cfg WHERE EXISTS (SELECT 1 FROM "public"."author" AS "_r1" WHERE "_r1"."id" = "_b"."author_id" AND true AND ("public"."author_is_self"("_r1", "hasura_session" => $1::json) = $2::"bool")) AND ("_b"."id" = ANY($3::"int4"[])) RETURNING _b.*, true AS __check) SELECT (SELECT json_build_object('affected_rows', (SELECT count(*) FROM _m)::integer))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
