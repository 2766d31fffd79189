-- $1 = "2"
-- $2 = "true"
-- $3 = "1"
SELECT (SELECT _q.j FROM (SELECT row_to_json("_r") AS "j" FROM (SELECT "_l3"."j" AS "published_articles" FROM (SELECT "_b1" AS "__row" FROM "public"."author" AS "_b1" WHERE true AND (("_b1"."id" = $1::"int4")) LIMIT 1) AS "_t2" LEFT JOIN LATERAL (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t5"."id" AS "id", "_t5"."title" AS "title" FROM (SELECT "_b4"."id" AS "id", "_b4"."title" AS "title" FROM "public"."author_published_articles"("_t2"."__row") AS "_b4" WHERE (("_b4"."published" = $2::"bool") OR ("_b4"."author_id" = $3::"int4")) ORDER BY "_b4"."id" DESC NULLS FIRST LIMIT 2) AS "_t5") AS "_r") AS "_l3" ON true) AS "_r") AS _q)::text AS root;
