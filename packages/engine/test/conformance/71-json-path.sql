-- $1 = "{\"tags\",\"0\"}"
-- $2 = "{\"a\"}"
-- $3 = "{\"missing\"}"
-- $4 = "1"
SELECT (SELECT _q.j FROM (SELECT row_to_json("_r") AS "j" FROM (SELECT ("_t2"."meta" #> $1::text[]) AS "a", ("_t2"."meta" #> $2::text[]) AS "b", ("_t2"."meta" #> $3::text[]) AS "c" FROM (SELECT "_b1"."meta" AS "meta" FROM "public"."article" AS "_b1" WHERE true AND (("_b1"."id" = $4::"int4")) LIMIT 1) AS "_t2") AS "_r") AS _q)::text AS root;
