CREATE OR REPLACE FUNCTION public.stamp_document_archive()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  if new.archived and (tg_op = 'INSERT' or not old.archived) then
    new.archived_at := coalesce(new.archived_at, now());
    new.archived_by_id := coalesce(new.archived_by_id, public.current_app_user_id());
  elsif not new.archived then
    new.archived_at := null;
    new.archived_by_id := null;
  end if;
  return new;
end
$function$;
comment on function stamp_document_archive() is 'Trigger: stamps who archived a document and when.';
