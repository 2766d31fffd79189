import {
  displayPhone,
  hasSurveyConfirmationForm,
  portalToday,
  SURVEY_CONFIRMATION_MESSAGES,
  surveyConfirmationRoute,
  type TConfirmationFormTemplate,
} from '@portal/domain';
import { renderSurveyConfirmationForm, type TSurveyConfirmationForm } from '@portal/pdf';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { fileNamePart } from '../../lib/content-disposition.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';

interface VisitRow {
  id: number;
  practice_id: number;
  practice_name: string;
  phone: string | null;
  phone_country_code: string;
  email: string | null;
  address: string | null;
  type: string;
  template: TConfirmationFormTemplate;
  template_label: string;
  date: string | null;
  due: string | null;
  start_time: string | null;
  end_time: string | null;
  /** The label of the visit's reason (visit_reason). */
  reason_for_visit: string | null;
  confirmation_form_status: string;
  confirmed_at: string | null;
  confirmed_by: string | null;
  surveyors: { name: string; lead: boolean }[];
}

/**
 * The visit, its practice and its accepted surveyors, when the caller may read the visit: the
 * one rule `public.survey_visit_can_read` the select permission asks (with the caller's session),
 * so the form downloads exactly when GraphQL shows the visit.
 */
function loadVisit(db: Queryable, caller: Caller, visitId: number) {
  const session = { 'x-hasura-user-id': String(caller.userId), 'x-hasura-role': caller.role };
  return db.maybeOne<VisitRow>(sql`
    select v.id, acc.practice_id, o.name as practice_name, o.phone, o.phone_country_code,
           o.email::text as email,
           nullif(concat_ws(', ', nullif(concat_ws(', ', ad.unit, ad.street), ''), ad.address2,
                            nullif(concat_ws(' ', ad.suburb, ad.state, ad.postcode), '')), '') as address,
           v.type, v.confirmation_form_template as template,
           coalesce(ci.label, v.confirmation_form_template) as template_label,
           to_char(v.date, 'YYYY-MM-DD') as date, to_char(v.due, 'YYYY-MM-DD') as due,
           to_char(v.start_time, 'HH24:MI') as start_time, to_char(v.end_time, 'HH24:MI') as end_time,
           coalesce(vr.comment, v.reason_for_visit) as reason_for_visit, v.confirmation_form_status,
           to_char(v.confirmation_received_at at time zone 'Australia/Sydney', 'YYYY-MM-DD') as confirmed_at,
           nullif(concat_ws(' ', cu.first_name, cu.last_name), '') as confirmed_by,
           coalesce((
             select json_agg(json_build_object(
                      'name', concat_ws(' ', t.comment, u.first_name, u.last_name),
                      'lead', sv.is_lead)
                    order by sv.is_lead desc, u.last_name, u.first_name, u.id)
               from public.survey_visitors sv join public.users u on u.id = sv.user_id
               left join public.person_title t on t.value = u.title
              where sv.survey_visit_id = v.id and sv.status = 'ACCEPTED'), '[]'::json) as surveyors
      from public.survey_visits v
      join public.accreditations acc on acc.id = v.accreditation_id
      join public.organisations o on o.id = acc.practice_id
      left join public.addresses ad on ad.id = o.physical_address_id
      left join public.users cu on cu.id = v.confirmation_received_by_id
      left join public.visit_reason vr on vr.value = v.reason_for_visit
      left join public.choice_items ci
        on ci.list_key = 'survey_visit.confirmation_form_template' and ci.value = v.confirmation_form_template
     where v.id = ${visitId} and not v.archived
       and public.survey_visit_can_read(v, ${JSON.stringify(session)}::json)`);
}

/**
 * The survey confirmation form of a visit (spec 001 §7 `GET web.surveyvisit/{id}/generate_confirmation_pdf/`)
 * as a PDF and its file name. A visit the caller cannot read answers like a missing one; a visit
 * whose form was never sent is refused with its own message.
 */
export async function getSurveyConfirmationForm(
  db: Queryable,
  caller: Caller,
  input: { visitId: number; appOrigin: string; today?: Date },
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const visit = await loadVisit(db, caller, input.visitId);
  if (!visit) throw new AppError('not_found', { message: SURVEY_CONFIRMATION_MESSAGES.noSuchVisit });
  if (!hasSurveyConfirmationForm(visit))
    throw new AppError('invalid_input', { message: SURVEY_CONFIRMATION_MESSAGES.notSent });
  const form: TSurveyConfirmationForm = {
    practiceName: visit.practice_name,
    address: visit.address,
    phone: displayPhone(visit.phone, visit.phone_country_code),
    email: visit.email,
    visitType: visit.type,
    template: visit.template,
    templateLabel: visit.template_label,
    date: visit.date,
    due: visit.due,
    startTime: visit.start_time,
    endTime: visit.end_time,
    reason: visit.reason_for_visit,
    status: visit.confirmation_form_status === 'RECEIVED' ? 'RECEIVED' : 'SENT',
    confirmedOn: visit.confirmed_at,
    confirmedBy: visit.confirmed_by,
    surveyors: visit.surveyors,
    confirmUrl: `${input.appOrigin}${surveyConfirmationRoute(visit.practice_id)}`,
    generatedOn: portalToday(input.today),
  };
  return {
    pdf: await renderSurveyConfirmationForm(form),
    fileName: `${fileNamePart(visit.practice_name, 'practice')}-survey-confirmation-${visit.date ?? 'date-to-be-set'}.pdf`,
  };
}
