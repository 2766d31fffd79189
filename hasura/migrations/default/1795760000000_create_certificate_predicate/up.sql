-- Who may read a certificate, and so download its file, written once for the database. The select
-- permission of certificates asks it as the computed field can_read (rules only, granted to no
-- role), and the certificateDownloadUrl action asks the same function with the caller's session,
-- so a certificate's file is downloadable exactly when its row is readable through GraphQL.
--
-- The back office (qam, provider_admin; the admin secret) reads every certificate, whatever its
-- validity (they issue, supersede and revoke them). Role user reads the certificates in force
-- (VALID) of an active practice they are an active member of (PM or SU): the permission it replaces
-- let them read superseded and revoked ones too, which no screen shows them (the Accreditations
-- list is the valid ones, spec 001 §2) and whose file must not pass for a current certificate.

create function public.certificate_can_read(c public.certificates, hasura_session json)
returns boolean language sql stable as $$
  select case
           when s.role in ('qam', 'provider_admin', 'admin') then true
           when s.role = 'user' then c.validity = 'VALID' and exists (
             select 1 from public.practices p
               join public.practice_users pu on pu.practice_id = p.organisation_id
              where p.organisation_id = c.practice_id and p.active_status = 'ACTIVE'
                and pu.user_id = s.user_id and pu.active)
           else false
         end
    from (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                 hasura_session ->> 'x-hasura-role' as role) s
$$;
comment on function public.certificate_can_read(public.certificates, json) is
  'Computed field can_read (rules only): the session may read the certificate, and so download its file.';

-- Whether the certificate's PDF is in storage; readable where storage_key (the object key) is not.
alter table public.certificates add column has_file boolean generated always as (storage_key is not null) stored;
comment on column public.certificates.has_file is 'The certificate''s PDF is in storage (storage_key is set).';
