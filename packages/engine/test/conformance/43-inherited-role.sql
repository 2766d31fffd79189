-- $1 = "true"
-- $2 = "1"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id", "_t2"."published" AS "published" FROM (SELECT "_b1"."id" AS "id", "_b1"."published" AS "published" FROM "public"."article" AS "_b1" WHERE ((("_b1"."published" = $1::"bool") OR ("_b1"."author_id" = $2::"int4")) OR true) ORDER BY "_b1"."id" ASC NULLS LAST LIMIT 2) AS "_t2") AS "_r") AS _q)::text AS root;
