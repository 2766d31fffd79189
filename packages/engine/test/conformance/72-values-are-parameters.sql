-- $1 = "'; DROP TABLE author; --"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM "public"."author" AS "_b1" WHERE true AND ("_b1"."name" = $1::"text")) AS "_t2") AS "_r") AS _q)::text AS root;

SELECT (SELECT _q.j FROM (SELECT json_build_object('aggregate', (SELECT json_build_object('count', count(*)) FROM (SELECT "_b3"."id" AS "id", "_b3"."name" AS "name", "_b3"."rating" AS "rating", "_b3"."genre" AS "genre" FROM "public"."author" AS "_b3" WHERE true) AS "_a4")) AS "j") AS _q)::text AS root;
