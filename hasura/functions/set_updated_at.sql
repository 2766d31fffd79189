CREATE OR REPLACE FUNCTION public.set_updated_at()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  -- A statement that changes nothing leaves the stamp (and so the audit log) alone.
  if row(new.*) is distinct from row(old.*) then
    new.updated_at := now();
  end if;
  return new;
end
$function$;
comment on function set_updated_at() is 'Trigger: stamps updated_at on every update.';
