CREATE OR REPLACE FUNCTION public.can_change_assessment_inputs(a_type text, a_status text, flags jsonb, has_submitted boolean)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case
    when a_type = 'PRESURVEY' then case a_status
      when 'COMPLETED' then public.flag(flags, 'assessment.changeSelfAssessmentComplete')
      else public.can_change_assessment(a_type, a_status, flags) end
    else case a_status
      when 'IN_PROGRESS' then public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted
      when 'PARTIALLY_SUBMITTED' then public.flag(flags, 'assessment.changeSurveyInProgress') and not has_submitted
      when 'ACTION_REQUIRED' then public.flag(flags, 'assessment.changeActionPlan')
      when 'CERTIFIED' then false
      else public.can_change_assessment(a_type, a_status, flags) end
  end
$function$;
comment on function can_change_assessment_inputs(text,text,jsonb,boolean) is 'Domain canChangeAssessmentInputs.';

CREATE OR REPLACE FUNCTION public.indicator_responses_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  session json := nullif(current_setting('hasura.user', true), '')::json;
  acting_role text := session ->> 'x-hasura-role';
  actor integer := nullif(session ->> 'x-hasura-user-id', '')::integer;
  -- A request through Hasura (or the actions service on a user's behalf), not the admin secret.
  is_request boolean := acting_role is not null and acting_role <> 'admin';
  has_statement boolean;
  target public.assessments;
begin
  has_statement := length(trim(coalesce(new.non_compliance_statement, ''))) > 0;
  if acting_role = 'user' then
    select * into target from public.assessments where id = new.assessment_id;
    if tg_op = 'INSERT' then
      -- An upsert of an existing response is guarded by the update that follows the conflict.
      if not exists (select 1 from public.indicator_responses r
                      where r.assessment_id = new.assessment_id and r.indicator_id = new.indicator_id) then
        if (new.non_conformity_status is distinct from 'OPEN' or new.refer_to_ca)
           and not public.assessment_can_change_action_plan(target, session) then
          raise exception 'only a surveyor on the practice may open or close a non-conformity, while action is required'
            using errcode = 'check_violation';
        end if;
      end if;
    else
      if new.non_conformity_status is distinct from old.non_conformity_status
         and not public.assessment_can_change_action_plan(target, session) then
        raise exception 'only a surveyor on the practice may open or close a non-conformity, while action is required'
          using errcode = 'check_violation';
      end if;
      if new.refer_to_ca is distinct from old.refer_to_ca
         and not public.assessment_can_change_action_plan(target, session) then
        raise exception 'only a surveyor on the practice may refer a non-conformity to the certification authority, while action is required'
          using errcode = 'check_violation';
      end if;
    end if;
  end if;

  if not is_request then
    return new;
  end if;
  if new.non_conformity_status is distinct from 'CLOSED' then
    new.date_closed := null;
  elsif tg_op = 'UPDATE' and old.non_conformity_status = 'CLOSED' then
    new.date_closed := old.date_closed;
  else
    new.date_closed := public.portal_today();
  end if;
  if not has_statement then
    new.nc_status_created_by_id := null;
  elsif tg_op = 'UPDATE' and old.nc_status_created_by_id is not null then
    new.nc_status_created_by_id := old.nc_status_created_by_id;
  else
    new.nc_status_created_by_id := actor;
  end if;
  new.last_updated_by_id := actor;
  return new;
end
$function$;
comment on function indicator_responses_guard() is 'Trigger: role user opens, closes and refers a non-conformity only in ACTION_REQUIRED with changeActionPlan (assessment_can_change_action_plan); stamps date_closed, nc_status_created_by_id, last_updated_by_id.';
