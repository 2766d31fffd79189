-- $1 = "{\"x-hasura-role\":\"owner\",\"x-hasura-user-id\":\"2\"}"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."name" AS "name" FROM (SELECT "_b1"."name" AS "name" FROM "public"."author" AS "_b1" WHERE ("public"."author_is_self"("_b1", "hasura_session" => $1::json) = 'true'::"bool")) AS "_t2") AS "_r") AS _q)::text AS root;

-- $1 = "{\"x-hasura-role\":\"owner\",\"x-hasura-user-id\":\"2\"}"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t4"."id" AS "id", "_t4"."author_id" AS "author_id" FROM (SELECT "_b3"."id" AS "id", "_b3"."author_id" AS "author_id" FROM "public"."article" AS "_b3" WHERE EXISTS (SELECT 1 FROM "public"."author" AS "_r5" WHERE "_r5"."id" = "_b3"."author_id" AND true AND ("public"."author_is_self"("_r5", "hasura_session" => $1::json) = 'true'::"bool")) ORDER BY "_b3"."id" ASC NULLS LAST) AS "_t4") AS "_r") AS _q)::text AS root;
