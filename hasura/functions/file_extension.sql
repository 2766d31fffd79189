CREATE OR REPLACE FUNCTION public.file_extension(file_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  select coalesce(lower(substring(file_name from '^.+\.([^.]+)$')), '')
$function$;
comment on function file_extension(text) is 'The extension of a file name, lower case without the dot, '''' when there is none (domain fileExtension).';
