-- $1 = "true"
-- $2 = "2"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."name" AS "name" FROM (SELECT "_b1"."name" AS "name" FROM "public"."author" AS "_b1" WHERE true AND (((SELECT count(*) FROM "public"."article" AS "_r3" WHERE "_r3"."author_id" = "_b1"."id" AND true AND ("_r3"."published" = $1::"bool")) >= $2::"int8"))) AS "_t2") AS "_r") AS _q)::text AS root;

-- $1 = "0"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t5"."name" AS "name" FROM (SELECT "_b4"."name" AS "name" FROM "public"."author" AS "_b4" WHERE true AND (((SELECT count(*) FROM "public"."article" AS "_r6" WHERE "_r6"."author_id" = "_b4"."id" AND true AND true) = $1::"int8"))) AS "_t5") AS "_r") AS _q)::text AS root;
