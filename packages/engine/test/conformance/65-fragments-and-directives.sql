-- $1 = "1"
SELECT (SELECT _q.j FROM (SELECT row_to_json("_r") AS "j" FROM (SELECT "_t2"."id" AS "id", "_t2"."name" AS "name", "_t2"."rating" AS "rating" FROM (SELECT "_b1"."id" AS "id", "_b1"."name" AS "name", "_b1"."rating" AS "rating" FROM "public"."author" AS "_b1" WHERE true AND (("_b1"."id" = $1::"int4")) LIMIT 1) AS "_t2") AS "_r") AS _q)::text AS root;
