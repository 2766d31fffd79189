-- $1 = "{1,3}"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM "public"."author" AS "_b1" WHERE ("_b1"."id" = ANY($1::"int4"[])) ORDER BY "_b1"."id" ASC NULLS LAST) AS "_t2") AS "_r") AS _q)::text AS root;
