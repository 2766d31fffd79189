-- $1 = "99"
-- $2 = "1"
WITH _m AS (UPDATE "public"."author" AS _b SET "rating" = $1::"int4" WHERE true AND ("_b"."id" = $2::"int4") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_build_object('affected_rows', (SELECT count(*) FROM _m)::integer))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
