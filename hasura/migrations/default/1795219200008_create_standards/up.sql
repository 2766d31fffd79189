-- The standards tree: survey version -> indicator sets -> indicators -> checklists -> items.
create table public.indicator_sets (
  id integer generated always as identity primary key,
  survey_version_id integer not null references public.survey_versions (id),
  name text not null,
  full_code text not null,
  type text not null default 'STANDARDS' references public.indicator_set_type (value),
  sort_order integer not null default 0,
  unique (survey_version_id, full_code)
);
comment on table public.indicator_sets is 'A group of indicators (a standard or criterion) within a survey version.';

create table public.indicators (
  id integer generated always as identity primary key,
  indicator_set_id integer not null references public.indicator_sets (id),
  code text not null,
  name text not null,
  criterion_code text,
  description text,
  sort_order integer not null default 0,
  -- Folder that documents uploaded against this indicator go to by default.
  document_folder_id integer references public.folders (id),
  flagged boolean not null default false,
  unique (indicator_set_id, code)
);
comment on table public.indicators is 'One indicator of a standard, rated in every assessment.';

create table public.checklists (
  id integer generated always as identity primary key,
  indicator_id integer not null references public.indicators (id),
  question_number integer not null check (question_number > 0),
  question_text text not null,
  unique (indicator_id, question_number)
);
comment on table public.checklists is 'A question under an indicator, answered by ticking its items.';

create table public.checklist_items (
  id integer generated always as identity primary key,
  checklist_id integer not null references public.checklists (id),
  item_number integer not null check (item_number > 0),
  item_text text not null,
  -- Must-have items decide compliance: all ticked means MET.
  must_have boolean not null default false,
  unique (checklist_id, item_number)
);
comment on table public.checklist_items is 'A tickable item of a checklist question.';

create table public.indicator_resources (
  id integer generated always as identity primary key,
  indicator_id integer not null references public.indicators (id),
  name text not null,
  file_type text,
  storage_key text,
  url text check (url ~ '^https?://'),
  for_pm boolean not null default false,
  for_surveyor boolean not null default false,
  archived boolean not null default false,
  constraint indicator_resources_file_or_url check ((storage_key is null) <> (url is null))
);
comment on table public.indicator_resources is 'Guidance for an indicator: a file or a link, for practices and/or surveyors.';
create index indicator_resources_indicator_id_idx on public.indicator_resources (indicator_id);

create or replace function public.survey_version_indicator_count(survey_version public.survey_versions)
returns integer language sql stable as $$
  select count(*)::integer from public.indicators i
    join public.indicator_sets s on s.id = i.indicator_set_id
   where s.survey_version_id = survey_version.id
$$;
comment on function public.survey_version_indicator_count(public.survey_versions) is 'Number of indicators in a survey version.';
