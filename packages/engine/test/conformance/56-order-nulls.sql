SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM "public"."author" AS "_b1" WHERE true ORDER BY "_b1"."rating" ASC NULLS FIRST) AS "_t2") AS "_r") AS _q)::text AS root;

SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t4"."id" AS "id" FROM (SELECT "_b3"."id" AS "id" FROM "public"."author" AS "_b3" WHERE true ORDER BY "_b3"."rating" DESC NULLS LAST) AS "_t4") AS "_r") AS _q)::text AS root;
