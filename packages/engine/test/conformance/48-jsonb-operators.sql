-- $1 = "{\"a\":1}"
-- $2 = "tags"
SELECT (SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM "public"."article" AS "_b1" WHERE true AND ("_b1"."meta" @> $1::jsonb)) AS "_t2") AS "_r") AS _q)::text AS root) AS "f0", (SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t4"."id" AS "id" FROM (SELECT "_b3"."id" AS "id" FROM "public"."article" AS "_b3" WHERE true AND ("_b3"."meta" ? $2::text)) AS "_t4") AS "_r") AS _q)::text AS root) AS "f1";
