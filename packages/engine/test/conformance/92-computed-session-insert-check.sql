-- $1 = "mine"
-- $2 = "2"
-- $3 = "{\"x-hasura-role\":\"owner\",\"x-hasura-user-id\":\"2\"}"
WITH _m AS (INSERT INTO "public"."article" AS _b ("title", "author_id") VALUES ($1::"text", $2::"int4") RETURNING _b.*, (EXISTS (SELECT 1 FROM "public"."author" AS "_r1" WHERE "_r1"."id" = "_b"."author_id" AND true AND ("public"."author_is_self"("_r1", "hasura_session" => $3::json) = 'true'::"bool"))) AS __check) SELECT (SELECT json_build_object('affected_rows', (SELECT count(*) FROM _m)::integer))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
