CREATE OR REPLACE FUNCTION public.trim_white_space(t text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  select regexp_replace(t,
    '^[\t\n\u000B\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+|[\t\n\u000B\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+$',
    '', 'g')
$function$;
comment on function trim_white_space(text) is 'The text without leading and trailing white space, as JavaScript''s String.prototype.trim.';
