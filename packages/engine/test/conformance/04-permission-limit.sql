-- $1 = "1"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM "public"."article" AS "_b1" WHERE (("_b1"."published" = 'true'::"bool") OR ("_b1"."author_id" = $1::"int4")) ORDER BY "_b1"."id" ASC NULLS LAST LIMIT 2) AS "_t2") AS "_r") AS _q)::text AS root;
