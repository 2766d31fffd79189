delete from public.indicator_resources where kind <> 'INDICATOR';
drop index public.indicator_resources_general_idx;
comment on table public.indicator_resources is 'Guidance for an indicator: a file or a link, for practices and/or surveyors.';
alter table public.indicator_resources
  drop constraint indicator_resources_general_category,
  drop constraint indicator_resources_kind_indicator,
  drop column updated_at,
  drop column created_at,
  drop column description,
  drop column category,
  drop column kind,
  alter column indicator_id set not null;
