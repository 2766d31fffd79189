-- $1 = "fiction"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."name" AS "name", "_t2"."genre" AS "genre" FROM (SELECT "_b1"."name" AS "name", "_b1"."genre" AS "genre" FROM "public"."author" AS "_b1" WHERE true AND ("_b1"."genre" = $1::"text")) AS "_t2") AS "_r") AS _q)::text AS root;
