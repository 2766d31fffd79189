-- $1 = "true"
-- $2 = "1"
SELECT (SELECT _q.j FROM (SELECT coalesce(json_agg(row_to_json((SELECT "_e" FROM (SELECT "_t2"."id" AS "id") AS "_e")) ORDER BY "_t2"."__ob_0" ASC NULLS LAST), '[]') AS "j" FROM (SELECT "_b1"."id" AS "id", "_b1"."id" AS "__ob_0" FROM "public"."article" AS "_b1" WHERE (("_b1"."published" = $1::"bool") OR ("_b1"."author_id" = $2::"int4")) ORDER BY "_b1"."id" ASC NULLS LAST LIMIT 2) AS "_t2") AS _q)::text AS root;
