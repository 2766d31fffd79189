-- $1 = <count>
-- $2 = <rows>
SELECT json_build_object('affected_rows', $1::integer, 'returning', (SELECT _q.j FROM (SELECT coalesce(json_agg("_r"), '[]') AS "j" FROM (SELECT "_t2"."id" AS "id" FROM (SELECT "_b1"."id" AS "id" FROM json_populate_recordset(NULL::"public"."author", $2::json) AS "_b1" WHERE true) AS "_t2") AS "_r") AS _q))::text AS root;
