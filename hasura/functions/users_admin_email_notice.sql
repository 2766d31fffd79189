CREATE OR REPLACE FUNCTION public.users_admin_email_notice()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  session json := nullif(current_setting('hasura.user', true), '')::json;
  actor_id integer := public.current_app_user_id();
  actor text;
  greeting text := case when btrim(old.first_name) = '' then 'Hello,' else 'Hello ' || btrim(old.first_name) || ',' end;
begin
  select coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), '') || ' (' || u.email || ')', u.email::text)
    into actor from public.users u where u.id = actor_id;
  actor := coalesce(actor,
    case when actor_id is not null then 'user ' || actor_id
         when session is not null then 'an administrator of the server (the engine''s admin secret)'
         else 'the portal itself (a server task)' end);
  -- Product name and support address as in packages/domain (PRODUCT_NAME, SUPPORT_EMAIL).
  insert into public.email_outbox (to_address, subject, text_body, template)
  values (
    old.email,
    'Your Connect e-mail address was changed',
    concat_ws(e'\n',
      greeting,
      '',
      format('The e-mail address of your Connect account was changed from %s to %s by %s on %s (Sydney time).',
        old.email, new.email, actor, to_char(now() at time zone 'Australia/Sydney', 'DD/MM/YYYY "at" HH24:MI')),
      '',
      'From now on, signing in and the portal''s e-mails use the new address; this message goes to the old one so that you know.',
      'If you did not expect this change, contact support@example.org at once.'),
    'admin-email-changed');
  return null;
end
$function$;
comment on function users_admin_email_notice() is 'Trigger: tells an admin''s old e-mail address, through the outbox, that it was changed and by whom.';
