-- $1 = "4"
WITH _m AS (DELETE FROM "public"."article" AS _b WHERE true AND ("_b"."id" = $1::"int4") RETURNING _b.*, true AS __check) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = <count>
-- $2 = <rows>
SELECT json_build_object('affected_rows', $1::integer, 'returning', (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id", "_t2"."title" AS "title" FROM (SELECT "_b1"."id" AS "id", "_b1"."title" AS "title" FROM json_populate_recordset(NULL::"public"."article", $2::json) AS "_b1" WHERE true) AS "_t2") AS "_r") AS _q))::text AS root;
