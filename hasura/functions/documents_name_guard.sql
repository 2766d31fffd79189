CREATE OR REPLACE FUNCTION public.documents_name_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  new_name text := public.trim_white_space(new.name);
  extension text := public.file_extension(old.name);
begin
  if new_name = '' then
    raise exception using errcode = 'check_violation', message = 'A document needs a name';
  end if;
  if length(new_name) > 255 then
    raise exception using errcode = 'check_violation',
      message = 'The file name is too long (at most 255 characters)';
  end if;
  if public.file_extension(new_name) <> extension then
    raise exception using errcode = 'check_violation',
      message = case when extension = '' then 'A document keeps its file type: its name cannot take an extension'
                     else 'A document keeps its file type: its name must end in .' || extension end;
  end if;
  new.name := new_name;
  return new;
end
$function$;
comment on function documents_name_guard() is 'Trigger: a renamed document keeps the upload''s name rules and its extension (domain checkDocumentRename).';
