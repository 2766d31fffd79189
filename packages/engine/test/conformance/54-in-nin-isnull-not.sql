-- $1 = "{\"1\",\"3\"}"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM "public"."author" AS "_b1" WHERE true AND ("_b1"."id" = ANY($1::"int4"[])) ORDER BY "_b1"."id" ASC NULLS LAST) AS "_t2") AS "_r") AS _q)::text AS root;

-- $1 = "{\"1\",\"2\"}"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t4"."id" AS "id" FROM (SELECT "_b3"."id" AS "id" FROM "public"."author" AS "_b3" WHERE true AND (NOT ("_b3"."id" = ANY($1::"int4"[])))) AS "_t4") AS "_r") AS _q)::text AS root;

SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t6"."id" AS "id" FROM (SELECT "_b5"."id" AS "id" FROM "public"."author" AS "_b5" WHERE true AND ("_b5"."rating" IS NULL)) AS "_t6") AS "_r") AS _q)::text AS root;

-- $1 = "A%"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t8"."id" AS "id" FROM (SELECT "_b7"."id" AS "id" FROM "public"."author" AS "_b7" WHERE true AND (NOT ("_b7"."name" LIKE $1::text)) ORDER BY "_b7"."id" ASC NULLS LAST) AS "_t8") AS "_r") AS _q)::text AS root;
