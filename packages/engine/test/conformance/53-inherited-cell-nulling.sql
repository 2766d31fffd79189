-- $1 = "true"
-- $2 = "2"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id", "_t2"."created_at" AS "created_at" FROM (SELECT "_b1"."id" AS "id", CASE WHEN (("_b1"."published" = $1::"bool") OR ("_b1"."author_id" = $2::"int4")) THEN "_b1"."created_at" ELSE NULL END AS "created_at" FROM "public"."article" AS "_b1" WHERE ((("_b1"."published" = $1::"bool") OR ("_b1"."author_id" = $2::"int4")) OR true) ORDER BY "_b1"."id" DESC NULLS FIRST LIMIT 2) AS "_t2") AS "_r") AS _q)::text AS root;
