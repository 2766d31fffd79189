-- $1 = "false"
-- $2 = "true"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."name" AS "name" FROM (SELECT "_b1"."name" AS "name" FROM "public"."author" AS "_b1" WHERE true AND ((((SELECT bool_and("_r3"."published") FROM "public"."article" AS "_r3" WHERE "_r3"."author_id" = "_b1"."id" AND true AND true) = $1::"bool")) AND (((SELECT bool_or("_r4"."published") FROM "public"."article" AS "_r4" WHERE "_r4"."author_id" = "_b1"."id" AND true AND true) = $2::"bool"))) ORDER BY "_b1"."id" ASC NULLS LAST) AS "_t2") AS "_r") AS _q)::text AS root;

-- $1 = "true"
-- $2 = "0"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t6"."name" AS "name" FROM (SELECT "_b5"."name" AS "name" FROM "public"."author" AS "_b5" WHERE true AND ((((SELECT bool_and("_r7"."published") FROM "public"."article" AS "_r7" WHERE "_r7"."author_id" = "_b5"."id" AND true AND true) = $1::"bool")) AND (((SELECT count(DISTINCT ("_r8"."title", "_r8"."published")) FROM "public"."article" AS "_r8" WHERE "_r8"."author_id" = "_b5"."id" AND true AND true) > $2::"int8")))) AS "_t6") AS "_r") AS _q)::text AS root;
