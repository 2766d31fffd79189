delete from public.account_security_events
 where event in ('FACTORS_RESET', 'SESSION_ENDED', 'SIGNED_IN', 'SIGN_IN_FAILED') or method = 'password';
alter table public.account_security_events
  drop constraint account_security_events_event_known,
  add constraint account_security_events_event_known check (event in (
    'SIGNED_IN_WITH_FACTOR', 'WRONG_CODE', 'FACTOR_LOCKED', 'RECOVERY_CODE_USED', 'RECOVERY_CODES_ISSUED')),
  drop constraint account_security_events_method_known,
  add constraint account_security_events_method_known check (method in ('totp', 'recovery_code'));

alter table public.provider_settings
  drop column require_two_factor_provider_admin,
  drop column require_two_factor_qam,
  drop column require_two_factor_surveyor,
  drop column require_two_factor_practice_user;
