-- $1 = "%x%"
-- $2 = "true"
SELECT (SELECT _q.j FROM (SELECT json_build_object('aggregate', (SELECT json_build_object('count', count(*)) FROM (SELECT "_b1"."id" AS "id", "_b1"."title" AS "title", "_b1"."author_id" AS "author_id", "_b1"."published" AS "published", "_b1"."meta" AS "meta", "_b1"."created_at" AS "created_at" FROM "public"."search_articles"("search" => $1::"text") AS "_b1" WHERE true AND ("_b1"."published" = $2::"bool")) AS "_a2")) AS "j") AS _q)::text AS root;
