-- Choice lists served as data (spec 000 §3 "Choice lists", GET static.choices/; spec 002 §9
-- max_file_size). The lists that are rules of the code (a state, a staff type, a visit reason…)
-- stay the enum tables they are: their values are fixed, their labels (`comment`) become the
-- provider's to word, in the admin console. The lists that are only data live in choice_items:
-- the Primary Health Networks, the survey confirmation form's templates and the visit types the
-- Add assessment form offers (new_assessment_types), each item archived (active = false), never
-- deleted. provider_settings holds the provider's one-row settings: the upload limit.

create table public.choice_items (
  id integer generated always as identity primary key,
  list_key text not null,
  value text not null,
  label text not null,
  position integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  constraint choice_items_list_known
    check (list_key in ('practice.phn', 'survey_visit.confirmation_form_template', 'new_assessment_types')),
  constraint choice_items_value_check check (char_length(btrim(value)) between 1 and 100),
  constraint choice_items_label_check check (char_length(btrim(label)) between 1 and 200),
  constraint choice_items_value_control_characters
    check (value !~ '[\u0001-\u001F\u007F-\u009F]'),
  constraint choice_items_label_control_characters
    check (label !~ '[\u0001-\u001F\u007F-\u009F]'),
  -- The Add assessment form's types are visit types: the assessment takes the visit's type.
  constraint choice_items_new_assessment_type_known
    check (list_key <> 'new_assessment_types' or value in ('ACCREDITATION', 'SURVEILLANCE', 'RELOCATION', 'GAP')),
  -- A template is a layout of the form the code draws: its value names one the code knows.
  constraint choice_items_template_known
    check (list_key <> 'survey_visit.confirmation_form_template' or value in ('ON_SITE', 'REMOTE')),
  constraint choice_items_list_value_key unique (list_key, value)
);
comment on table public.choice_items is
  'The choice lists that are data (spec 000 §3): PHNs, confirmation form templates, the types Add assessment offers; archived, never deleted.';
create index choice_items_list_idx on public.choice_items (list_key, position, id);

insert into public.choice_items (list_key, value, label, position) values
  ('new_assessment_types', 'ACCREDITATION', 'Survey', 1),
  ('new_assessment_types', 'SURVEILLANCE', 'Surveillance', 2),
  ('new_assessment_types', 'RELOCATION', 'Relocation', 3),
  ('new_assessment_types', 'GAP', 'Gap', 4),
  ('survey_visit.confirmation_form_template', 'ON_SITE', 'On-site visit', 1),
  ('survey_visit.confirmation_form_template', 'REMOTE', 'Remote visit (video call)', 2);

-- The 31 Primary Health Networks (Department of Health and Aged Care), as practices name them.
insert into public.choice_items (list_key, value, label, position)
select 'practice.phn', name, name, ord
  from unnest(array[
    'Central and Eastern Sydney PHN', 'Northern Sydney PHN', 'Western Sydney PHN',
    'Nepean Blue Mountains PHN', 'South Western Sydney PHN', 'South Eastern NSW PHN',
    'Western NSW PHN', 'Hunter New England and Central Coast PHN', 'North Coast PHN',
    'Murrumbidgee PHN', 'North Western Melbourne PHN', 'Eastern Melbourne PHN',
    'South Eastern Melbourne PHN', 'Gippsland PHN', 'Murray PHN', 'Western Victoria PHN',
    'Australian Capital Territory PHN', 'Brisbane North PHN', 'Brisbane South PHN',
    'Gold Coast PHN', 'Darling Downs and West Moreton PHN', 'Western Queensland PHN',
    'Central Queensland, Wide Bay, Sunshine Coast PHN', 'Northern Queensland PHN',
    'Adelaide PHN', 'Country SA PHN', 'Perth North PHN', 'Perth South PHN', 'Country WA PHN',
    'Tasmania PHN', 'Northern Territory PHN'
  ]) with ordinality as phn(name, ord);

-- A PHN a practice already names that is not one of the 31 stays offered to that practice
-- (the form shows the current value), but is not added to the list.

create table public.provider_settings (
  id boolean primary key default true,
  -- The largest upload in decimal MB; null: the service's MAX_FILE_SIZE_MB (100 by default).
  max_file_size_mb integer,
  updated_at timestamptz not null default now(),
  constraint provider_settings_one_row check (id),
  constraint provider_settings_max_file_size_range check (max_file_size_mb between 1 and 5000)
);
comment on table public.provider_settings is
  'The provider''s settings, one row: the upload limit (spec 002 §9 max_file_size; null = the service''s default).';
insert into public.provider_settings (id) values (true);

create function public.provider_settings_touch() returns trigger
  language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end
$$;
comment on function public.provider_settings_touch() is 'Trigger: provider_settings.updated_at on every change.';
create trigger provider_settings_touch before update on public.provider_settings
  for each row execute function public.provider_settings_touch();

-- The survey confirmation form's template, chosen when it is sent (ON_SITE before this).
alter table public.survey_visits
  add column confirmation_form_template text not null default 'ON_SITE',
  add constraint survey_visits_confirmation_form_template_known
    check (confirmation_form_template in ('ON_SITE', 'REMOTE'));

-- Every change of a list, a label or a setting is in the audit log.
create trigger choice_items_audit after insert or delete or update on public.choice_items
  for each row execute function public.audit_row('id');
create trigger provider_settings_audit after insert or delete or update on public.provider_settings
  for each row execute function public.audit_row('id');
create trigger australian_state_audit after update on public.australian_state
  for each row execute function public.audit_row('value');
create trigger mmm_classification_audit after update on public.mmm_classification
  for each row execute function public.audit_row('value');
create trigger person_title_audit after update on public.person_title
  for each row execute function public.audit_row('value');
create trigger staff_type_audit after update on public.staff_type
  for each row execute function public.audit_row('value');
create trigger employment_type_audit after update on public.employment_type
  for each row execute function public.audit_row('value');
create trigger vr_status_audit after update on public.vr_status
  for each row execute function public.audit_row('value');
create trigger surveyor_rate_classification_audit after update on public.surveyor_rate_classification
  for each row execute function public.audit_row('value');
create trigger visit_reason_audit after update on public.visit_reason
  for each row execute function public.audit_row('value');
create trigger practice_status_audit after update on public.practice_status
  for each row execute function public.audit_row('value');

-- A label is words of one line, like every other label.
alter table public.australian_state add constraint australian_state_comment_check
  check (char_length(btrim(comment)) between 1 and 200 and comment !~ '[\u0001-\u001F\u007F-\u009F]');
alter table public.mmm_classification add constraint mmm_classification_comment_check
  check (char_length(btrim(comment)) between 1 and 200 and comment !~ '[\u0001-\u001F\u007F-\u009F]');
alter table public.person_title add constraint person_title_comment_check
  check (char_length(btrim(comment)) between 1 and 200 and comment !~ '[\u0001-\u001F\u007F-\u009F]');
alter table public.staff_type add constraint staff_type_comment_check
  check (char_length(btrim(comment)) between 1 and 200 and comment !~ '[\u0001-\u001F\u007F-\u009F]');
alter table public.employment_type add constraint employment_type_comment_check
  check (char_length(btrim(comment)) between 1 and 200 and comment !~ '[\u0001-\u001F\u007F-\u009F]');
alter table public.vr_status add constraint vr_status_comment_check
  check (char_length(btrim(comment)) between 1 and 200 and comment !~ '[\u0001-\u001F\u007F-\u009F]');
alter table public.surveyor_rate_classification add constraint surveyor_rate_classification_comment_check
  check (char_length(btrim(comment)) between 1 and 200 and comment !~ '[\u0001-\u001F\u007F-\u009F]');
alter table public.visit_reason add constraint visit_reason_comment_check
  check (char_length(btrim(comment)) between 1 and 200 and comment !~ '[\u0001-\u001F\u007F-\u009F]');
alter table public.practice_status add constraint practice_status_comment_check
  check (char_length(btrim(comment)) between 1 and 200 and comment !~ '[\u0001-\u001F\u007F-\u009F]');
