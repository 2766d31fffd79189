-- $1 = "New"
-- $2 = "Ann"
WITH _m AS (INSERT INTO "public"."author" AS _b ("name") VALUES ($1::"text"), ($2::"text") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_build_object('affected_rows', (SELECT count(*) FROM _m)::integer))::text AS root, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
