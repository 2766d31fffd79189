-- $1 = "%x%"
-- $2 = "1"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id", "_t2"."title" AS "title" FROM (SELECT "_b1"."id" AS "id", "_b1"."title" AS "title" FROM "public"."search_articles"("search" => $1::"text") AS "_b1" WHERE (("_b1"."published" = 'true'::"bool") OR ("_b1"."author_id" = $2::"int4")) ORDER BY "_b1"."id" DESC NULLS FIRST LIMIT 2) AS "_t2") AS "_r") AS _q)::text AS root;
