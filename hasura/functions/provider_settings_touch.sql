CREATE OR REPLACE FUNCTION public.provider_settings_touch()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  new.updated_at := now();
  return new;
end
$function$;
comment on function provider_settings_touch() is 'Trigger: provider_settings.updated_at on every change.';
