-- $1 = "New"
-- $2 = "Ann"
WITH _m AS (INSERT INTO "public"."author" AS _b ("name") VALUES ($1::"text"), ($2::"text") RETURNING _b.*, (true) AS __check) SELECT (SELECT json_agg(row_to_json(_m)) FROM _m)::text AS rows, (SELECT count(*) FROM _m)::int AS n, (SELECT coalesce(bool_and(_m.__check), true) FROM _m) AS ok;
