-- $1 = "a"
-- $2 = "{\"x-hasura-role\":\"admin\"}"
-- $3 = "1"
WITH _m AS (UPDATE "public"."article" AS _b SET "title" = $1::"text" FROM (SELECT set_config('hasura.user', $2::text, true)) AS _cfg WHERE true AND ("_b"."id" = $3::"int4") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_build_object('affected_rows', (SELECT count(*) FROM _m)::integer))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;

-- $1 = "b"
-- $2 = "{\"x-hasura-role\":\"admin\"}"
-- $3 = "999"
WITH _m AS (UPDATE "public"."article" AS _b SET "title" = $1::"text" FROM (SELECT set_config('hasura.user', $2::text, true)) AS _cfg WHERE true AND ("_b"."id" = $3::"int4") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_build_object('affected_rows', (SELECT count(*) FROM _m)::integer))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
