-- The demo data offers two-factor sign-in to every role, so a newcomer signs in as any demo
-- account with its password alone. A new provider's default (the migration's) requires it of
-- provider admins, QAMs and surveyors; README "Demo accounts" says how to turn it on here:
-- Admin console → provider_settings → require_two_factor_*.
update public.provider_settings set
  require_two_factor_provider_admin = false,
  require_two_factor_qam = false,
  require_two_factor_surveyor = false,
  require_two_factor_practice_user = false
-- Only where it differs: a second apply of the seeds changes nothing (no audit row, no new stamp).
where require_two_factor_provider_admin
   or require_two_factor_qam
   or require_two_factor_surveyor
   or require_two_factor_practice_user;
