-- Who may change or verify a staff row, written once for the database (the practiceStaff flags of
-- the domain's PERMISSION_FLAG_TABLE, through permission_flags()). The permission rules of
-- practice_staff ask them as computed fields (can_change, can_verify: rules only, granted to no
-- role), and practice_staff_guard asks the same functions instead of has_practice_role(..., 'PM'|'SU').
-- documents_in_practice is the one rule the YAML repeated five times per permission: every document
-- a staff row refers to belongs to the row's practice.

create function public.practice_flags(p_practice_id integer, hasura_session json)
returns jsonb language sql stable as $$
  select public.permission_flags(
           public.has_practice_role(s.user_id, p_practice_id, 'PM'),
           public.has_practice_role(s.user_id, p_practice_id, 'SU'),
           -- At the practice level a surveyor is a visitor when they visit any of its visits.
           exists (select 1 from public.survey_visits v
                     join public.accreditations acc on acc.id = v.accreditation_id
                     join public.survey_visitors sv on sv.survey_visit_id = v.id
                    where acc.practice_id = p_practice_id and not v.archived
                      and sv.user_id = s.user_id and sv.status = 'ACCEPTED'),
           case s.role when 'qam' then 'qam' when 'provider_admin' then 'provider_admin'
                       when 'admin' then 'provider_admin' end)
    from (select nullif(hasura_session ->> 'x-hasura-user-id', '')::integer as user_id,
                 hasura_session ->> 'x-hasura-role' as role) s
$$;
comment on function public.practice_flags(integer, json) is
  'The session user''s flags on a practice (domain derivePermissionFlags without a visit scope).';

create function public.practice_staff_can_change(s public.practice_staff, hasura_session json)
returns boolean language sql stable as $$
  select public.flag(public.practice_flags(s.practice_id, hasura_session), 'practiceStaff.changeStaff')
$$;
comment on function public.practice_staff_can_change(public.practice_staff, json) is
  'Computed field can_change (rules only): practiceStaff.changeStaff on the row''s practice.';

create function public.practice_staff_can_verify(s public.practice_staff, hasura_session json)
returns boolean language sql stable as $$
  select public.flag(public.practice_flags(s.practice_id, hasura_session), 'practiceStaff.verifyStaff')
$$;
comment on function public.practice_staff_can_verify(public.practice_staff, json) is
  'Computed field can_verify (rules only): practiceStaff.verifyStaff on the row''s practice.';

create function public.practice_staff_documents_in_practice(s public.practice_staff)
returns boolean language sql stable as $$
  select not exists (
    select 1 from public.documents d
     where d.id in (s.primary_qualification_document_id, s.secondary_qualification_document_id,
                    s.cpd_evidence_document_id, s.training_evidence_document_id, s.cpr_evidence_document_id)
       and d.practice_id is distinct from s.practice_id)
$$;
comment on function public.practice_staff_documents_in_practice(public.practice_staff) is
  'Computed field documents_in_practice (rules only): every document the staff row refers to is its practice''s.';

create or replace function public.practice_staff_guard() returns trigger
language plpgsql as $$
declare
  session json := nullif(current_setting('hasura.user', true), '')::json;
  acting_role text := session ->> 'x-hasura-role';
  actor integer := nullif(session ->> 'x-hasura-user-id', '')::integer;
  stamps text[] := array['verified', 'verified_at', 'verified_by_id', 'updated_at'];
  verification_changed boolean;
begin
  if tg_op = 'INSERT' then
    if new.verified and new.verified_at is null then
      new.verified_at := now();
      new.verified_by_id := coalesce(new.verified_by_id, actor);
    end if;
    return new;
  end if;

  verification_changed := new.verified is distinct from old.verified;
  if acting_role = 'user' then
    if verification_changed and not public.practice_staff_can_verify(new, session) then
      raise exception 'only a surveyor on the practice may verify its staff'
        using errcode = 'check_violation';
    end if;
    if (to_jsonb(new) - stamps) is distinct from (to_jsonb(old) - stamps)
       and not public.practice_staff_can_change(new, session) then
      raise exception 'only the practice manager may change staff details'
        using errcode = 'check_violation';
    end if;
  end if;
  if verification_changed then
    if new.verified then
      new.verified_at := now();
      new.verified_by_id := actor;
    else
      new.verified_at := null;
      new.verified_by_id := null;
    end if;
  end if;
  return new;
end
$$;
comment on function public.practice_staff_guard() is
  'Trigger: for role user, details need practice_staff_can_change (PM), verifying practice_staff_can_verify (surveyor); stamps verification.';
