-- $1 = "not a date"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM "public"."article" AS "_b1" WHERE true AND ("_b1"."created_at" > $1::"timestamptz")) AS "_t2") AS "_r") AS _q)::text AS root;
