-- General resources and factsheets (issue 15, spec 000 §2 "/Factsheets, /Resources … resources are
-- visible to practice managers, admins and surveyors"; spec 002 §2 "Resource visibility:
-- administrators see all; surveyors see resources flagged for_surveyor; practice manager roles see
-- resources flagged for_pm"). They are the same entity as an indicator resource (spec 002 §3: name,
-- file_type, file, url, archived, for_pm, for_surveyor) with the same visibility rule, so they widen
-- indicator_resources rather than copy it: one table, one predicate
-- (public.indicator_resource_can_read, unchanged), one download action (resourceDownloadUrl), one
-- audit trigger. `kind` says where a row is shown: INDICATOR on its indicator (and only then has an
-- indicator), RESOURCE on /Resources, FACTSHEET on /Factsheets. `category` groups the general ones.
alter table public.indicator_resources
  alter column indicator_id drop not null,
  add column kind text not null default 'INDICATOR'
    constraint indicator_resources_kind check (kind in ('INDICATOR', 'RESOURCE', 'FACTSHEET')),
  add column category text
    constraint indicator_resources_category check (category is null or length(btrim(category)) between 1 and 60),
  add column description text
    constraint indicator_resources_description check (description is null or length(description) <= 500),
  add column created_at timestamptz not null default now(),
  add column updated_at timestamptz not null default now(),
  add constraint indicator_resources_kind_indicator check ((kind = 'INDICATOR') = (indicator_id is not null)),
  add constraint indicator_resources_general_category check (kind = 'INDICATOR' or category is not null);
comment on table public.indicator_resources is
  'Guidance: a file or a link, for practices and/or surveyors; on an indicator (kind INDICATOR) or on the Resources and Factsheets pages.';
comment on column public.indicator_resources.kind is 'INDICATOR (shown on its indicator), RESOURCE (/Resources) or FACTSHEET (/Factsheets).';
create index indicator_resources_general_idx on public.indicator_resources (kind, name) where indicator_id is null;
