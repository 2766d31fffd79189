-- $1 = "x"
-- $2 = "1"
-- $3 = "2"
WITH _m AS (UPDATE "public"."article" AS _b SET "title" = $1::"text" WHERE ("_b"."author_id" = $2::"int4") AND ("_b"."id" = $3::"int4") RETURNING _b.*, (("_b"."author_id" = $2::"int4")) AS __check) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = <count>
SELECT json_build_object('affected_rows', $1::integer)::text AS root;
