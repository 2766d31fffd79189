-- $1 = "true"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM "public"."article" AS "_b1" WHERE ("_b1"."published" = $1::"bool") ORDER BY "_b1"."id" ASC NULLS LAST) AS "_t2") AS "_r") AS _q)::text AS root;
