-- Editions of the standards as data (issue 30, docs/editions.md): an edition is a DRAFT (imported,
-- previewed, still changing), PUBLISHED (used by cycles; it never changes again: a correction is
-- a new edition) or RETIRED (kept, with every assessment made against it, but used by no new
-- cycle). The editions before this migration were in use: they are published.

create table public.edition_status (
  value text primary key,
  comment text not null
);
comment on table public.edition_status is 'The life of an edition of the standards.';
insert into public.edition_status (value, comment) values
  ('DRAFT', 'Draft'),
  ('PUBLISHED', 'Published'),
  ('RETIRED', 'Retired');

alter table public.survey_versions
  add column status text not null default 'DRAFT'
    references public.edition_status (value) on update restrict on delete restrict,
  add column published_at timestamptz,
  add column retired_at timestamptz;
update public.survey_versions set status = 'PUBLISHED', published_at = created_at;
alter table public.survey_versions
  add constraint survey_versions_current_is_published check (not is_current or status = 'PUBLISHED'),
  add constraint survey_versions_published_at check ((status = 'DRAFT') = (published_at is null) or status = 'RETIRED');
comment on column public.survey_versions.status is
  'DRAFT, PUBLISHED or RETIRED: only a draft''s sets, indicators and checklists change.';
comment on column public.survey_versions.published_at is 'When the edition was published (never for a draft).';
comment on column public.survey_versions.retired_at is 'When the edition was retired.';

-- The edition a row of the standards belongs to (null once its parent is gone).
create function public.edition_of_standards_row(kind text, row_id integer) returns integer
  language sql stable
  as $$
    select case kind
      when 'indicator_sets' then (select s.survey_version_id from public.indicator_sets s where s.id = row_id)
      when 'indicators' then (select s.survey_version_id from public.indicator_sets s where s.id = row_id)
      when 'checklists' then (
        select s.survey_version_id from public.indicators i
          join public.indicator_sets s on s.id = i.indicator_set_id where i.id = row_id)
      when 'checklist_items' then (
        select s.survey_version_id from public.checklists c
          join public.indicators i on i.id = c.indicator_id
          join public.indicator_sets s on s.id = i.indicator_set_id where c.id = row_id)
    end
  $$;

-- A set, indicator, checklist question or item changes only in a draft edition.
create function public.refuse_change_to_published_standards() returns trigger
  language plpgsql
  as $$
declare
  parent_column text := case tg_table_name
    when 'indicator_sets' then 'survey_version_id'
    when 'indicators' then 'indicator_set_id'
    when 'checklists' then 'indicator_id'
    when 'checklist_items' then 'checklist_id'
  end;
  editions integer[] := '{}';
  edition record;
begin
  if tg_op <> 'INSERT' then
    editions := editions || case when tg_table_name = 'indicator_sets' then (to_jsonb(old) ->> parent_column)::integer
      else public.edition_of_standards_row(tg_table_name, (to_jsonb(old) ->> parent_column)::integer) end;
  end if;
  if tg_op <> 'DELETE' then
    editions := editions || case when tg_table_name = 'indicator_sets' then (to_jsonb(new) ->> parent_column)::integer
      else public.edition_of_standards_row(tg_table_name, (to_jsonb(new) ->> parent_column)::integer) end;
  end if;
  for edition in
    select v.code, v.status from public.survey_versions v where v.id = any (editions) and v.status <> 'DRAFT'
  loop
    raise exception 'The edition % is %: its standards never change. Import the corrected standards as a new edition.',
      edition.code, lower(edition.status)
      using errcode = 'check_violation', constraint = 'edition_not_draft';
  end loop;
  return null;
end
$$;

create trigger indicator_sets_only_in_drafts after insert or update or delete on public.indicator_sets
  for each row execute function public.refuse_change_to_published_standards();
create trigger indicators_only_in_drafts after insert or update or delete on public.indicators
  for each row execute function public.refuse_change_to_published_standards();
create trigger checklists_only_in_drafts after insert or update or delete on public.checklists
  for each row execute function public.refuse_change_to_published_standards();
create trigger checklist_items_only_in_drafts after insert or update or delete on public.checklist_items
  for each row execute function public.refuse_change_to_published_standards();

-- An edition's own rules: a draft is published (with at least one set, each with an indicator) or
-- retired; a published one is retired; a published or retired one keeps its code, name and date;
-- none is deleted.
create function public.check_edition_change() returns trigger
  language plpgsql
  as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'The edition % is kept: retire it instead of deleting it.', old.code
      using errcode = 'check_violation', constraint = 'edition_kept';
  end if;
  if old.status <> 'DRAFT' and (new.code, new.name, new.effective_from) is distinct from (old.code, old.name, old.effective_from) then
    raise exception 'The edition % is %: its code, name and date never change.', old.code, lower(old.status)
      using errcode = 'check_violation', constraint = 'edition_not_draft';
  end if;
  if new.status is distinct from old.status then
    if not ((old.status = 'DRAFT' and new.status in ('PUBLISHED', 'RETIRED')) or (old.status = 'PUBLISHED' and new.status = 'RETIRED')) then
      raise exception 'The edition % is %: it cannot become %.', old.code, lower(old.status), lower(new.status)
        using errcode = 'check_violation', constraint = 'edition_status_change';
    end if;
    if new.status = 'PUBLISHED' then
      if not exists (select 1 from public.indicator_sets s where s.survey_version_id = new.id)
         or exists (
           select 1 from public.indicator_sets s
            where s.survey_version_id = new.id
              and not exists (select 1 from public.indicators i where i.indicator_set_id = s.id)) then
        raise exception 'The edition % has a set without indicators, or no set: give every set an indicator before publishing it.', old.code
          using errcode = 'check_violation', constraint = 'edition_publish_empty';
      end if;
      new.published_at := coalesce(new.published_at, now());
    elsif new.status = 'RETIRED' then
      new.retired_at := coalesce(new.retired_at, now());
    end if;
  end if;
  return new;
end
$$;

create trigger survey_versions_rules before update or delete on public.survey_versions
  for each row execute function public.check_edition_change();
