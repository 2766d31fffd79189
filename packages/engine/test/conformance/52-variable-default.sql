-- $1 = "1"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM "public"."author" AS "_b1" WHERE true ORDER BY "_b1"."id" ASC NULLS LAST LIMIT $1::integer) AS "_t2") AS "_r") AS _q)::text AS root;
