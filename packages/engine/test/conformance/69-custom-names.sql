SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."value" AS "value", "_t2"."comment" AS "description" FROM (SELECT "_b1"."value" AS "value", "_b1"."comment" AS "comment" FROM "public"."genre" AS "_b1" WHERE true ORDER BY "_b1"."comment" ASC NULLS LAST) AS "_t2") AS "_r") AS _q)::text AS root;

-- $1 = "science"
SELECT (SELECT _q.j FROM (SELECT row_to_json("_r") AS "j" FROM (SELECT "_t4"."comment" AS "description" FROM (SELECT "_b3"."comment" AS "comment" FROM "public"."genre" AS "_b3" WHERE true AND (("_b3"."value" = $1::"text")) LIMIT 1) AS "_t4") AS "_r") AS _q)::text AS root;
