-- Mappings between two editions of the standards, and moving assessments from one edition to the
-- next without losing an answer (issue 30, second part; docs/decisions/editions.md).

-- A mapping from an older edition to a newer one: for each indicator of the older, EQUIVALENT (1:1),
-- SPLIT (1:n), MERGED (n:1) or RETIRED; the newer edition's indicators nothing maps to are new.
create table public.edition_mappings (
  id integer generated always as identity primary key,
  from_version_id integer not null references public.survey_versions (id),
  to_version_id integer not null references public.survey_versions (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint edition_mappings_two_editions check (from_version_id <> to_version_id),
  constraint edition_mappings_one_per_pair unique (from_version_id, to_version_id)
);
comment on table public.edition_mappings is 'How the indicators of one edition map to those of a newer one.';

create table public.edition_indicator_mappings (
  id integer generated always as identity primary key,
  mapping_id integer not null references public.edition_mappings (id),
  from_indicator_id integer not null references public.indicators (id),
  kind text not null,
  to_indicator_id integer references public.indicators (id),
  position integer not null default 1,
  constraint edition_indicator_mappings_kind check (kind in ('EQUIVALENT', 'SPLIT', 'MERGED', 'RETIRED')),
  constraint edition_indicator_mappings_target check ((kind = 'RETIRED') = (to_indicator_id is null)),
  constraint edition_indicator_mappings_once unique nulls not distinct (mapping_id, from_indicator_id, to_indicator_id)
);
comment on table public.edition_indicator_mappings is 'One older indicator''s place in the newer edition (one row per target; RETIRED has none).';
create index edition_indicator_mappings_to_idx on public.edition_indicator_mappings (mapping_id, to_indicator_id);

create table public.edition_item_mappings (
  id integer generated always as identity primary key,
  mapping_id integer not null references public.edition_mappings (id),
  from_item_id integer not null references public.checklist_items (id),
  to_item_id integer not null references public.checklist_items (id),
  constraint edition_item_mappings_once unique (mapping_id, from_item_id, to_item_id)
);
comment on table public.edition_item_mappings is 'A checklist item that carries over: its tick moves to the newer item.';

-- The rules of a mapping, checked at commit over the whole mapping (rows change together): each
-- side's indicators belong to its edition; an older indicator has one kind (EQUIVALENT, MERGED and
-- RETIRED one row, SPLIT two or more); a newer indicator is the target of one EQUIVALENT or SPLIT
-- row, or of two or more MERGED rows; an item maps only between indicators that map.
create function public.check_edition_mapping() returns trigger
  language plpgsql
  as $$
declare
  m public.edition_mappings;
  problem text;
begin
  select * into m from public.edition_mappings where id = coalesce(new.mapping_id, old.mapping_id);
  if m.id is null then
    return null;
  end if;
  select coalesce(
    (select 'the indicator ' || i.code || ' is not of the edition it is mapped from'
       from public.edition_indicator_mappings r join public.indicators i on i.id = r.from_indicator_id
       join public.indicator_sets s on s.id = i.indicator_set_id
      where r.mapping_id = m.id and s.survey_version_id <> m.from_version_id limit 1),
    (select 'the indicator ' || i.code || ' is not of the edition it is mapped to'
       from public.edition_indicator_mappings r join public.indicators i on i.id = r.to_indicator_id
       join public.indicator_sets s on s.id = i.indicator_set_id
      where r.mapping_id = m.id and s.survey_version_id <> m.to_version_id limit 1),
    (select 'the indicator ' || i.code || ' has more than one kind, or a kind with the wrong number of targets'
       from public.edition_indicator_mappings r join public.indicators i on i.id = r.from_indicator_id
      where r.mapping_id = m.id
      group by i.id, i.code
     having count(distinct r.kind) > 1
         or (min(r.kind) in ('EQUIVALENT', 'MERGED', 'RETIRED') and count(*) <> 1)
         or (min(r.kind) = 'SPLIT' and count(*) < 2)
      limit 1),
    (select 'the indicator ' || i.code || ' of the newer edition has sources that do not agree on one mapping'
       from public.edition_indicator_mappings r join public.indicators i on i.id = r.to_indicator_id
      where r.mapping_id = m.id
      group by i.id, i.code
     having (bool_or(r.kind = 'MERGED') and (bool_or(r.kind <> 'MERGED') or count(*) < 2))
         or (not bool_or(r.kind = 'MERGED') and count(*) <> 1)
      limit 1),
    (select 'the checklist item ' || t.item_text || ' maps between indicators that do not map'
       from public.edition_item_mappings x
       join public.checklist_items t on t.id = x.from_item_id
       join public.checklists fc on fc.id = t.checklist_id
       join public.checklist_items u on u.id = x.to_item_id
       join public.checklists tc on tc.id = u.checklist_id
      where x.mapping_id = m.id
        and not exists (select 1 from public.edition_indicator_mappings r
                         where r.mapping_id = m.id and r.from_indicator_id = fc.indicator_id
                           and r.to_indicator_id = tc.indicator_id)
      limit 1))
    into problem;
  if problem is not null then
    raise exception 'The mapping is not consistent: %.', problem
      using errcode = 'check_violation', constraint = 'edition_mapping_rules';
  end if;
  return null;
end
$$;

create constraint trigger edition_indicator_mappings_rules
  after insert or update or delete on public.edition_indicator_mappings
  deferrable initially deferred for each row execute function public.check_edition_mapping();
create constraint trigger edition_item_mappings_rules
  after insert or update or delete on public.edition_item_mappings
  deferrable initially deferred for each row execute function public.check_edition_mapping();
create trigger edition_mappings_audit after insert or update or delete on public.edition_mappings
  for each row execute function public.audit_row('id');
create trigger edition_indicator_mappings_audit after insert or update or delete on public.edition_indicator_mappings
  for each row execute function public.audit_row('id');
create trigger edition_item_mappings_audit after insert or update or delete on public.edition_item_mappings
  for each row execute function public.audit_row('id');
create trigger edition_mappings_set_updated_at before update on public.edition_mappings
  for each row execute function public.set_updated_at();

-- The edition an assessment is answered against: its cycle's when it is made, its own afterwards
-- (a moved assessment keeps the older one, its copy has the newer).
alter table public.assessments
  add column survey_version_id integer references public.survey_versions (id),
  add column moved_to_assessment_id integer references public.assessments (id) deferrable initially deferred;
comment on column public.assessments.survey_version_id is 'The edition the assessment is answered against (its cycle''s when made).';
comment on column public.assessments.moved_to_assessment_id is 'Set when the assessment was moved to a newer edition: it is read-only, its answers go on there.';
-- A moved assessment and its copy share the cycle and the visit: the one self assessment of a
-- cycle and the one assessment of a visit are counted among those not moved.
alter table public.assessments drop constraint assessments_survey_visit_id_key;
create unique index assessments_survey_visit_id_key on public.assessments (survey_visit_id)
  where moved_to_assessment_id is null;
drop index public.assessments_one_self_assessment;
create unique index assessments_one_self_assessment on public.assessments (accreditation_id)
  where type = 'PRESURVEY' and moved_to_assessment_id is null;
alter table public.assessments disable trigger assessments_audit;
alter table public.assessments disable trigger assessments_set_updated_at;
update public.assessments a set survey_version_id = acc.survey_version_id
  from public.accreditations acc where acc.id = a.accreditation_id;
alter table public.assessments enable trigger assessments_audit;
alter table public.assessments enable trigger assessments_set_updated_at;

create function public.assessments_take_cycle_edition() returns trigger
  language plpgsql
  as $$
begin
  if new.survey_version_id is null then
    new.survey_version_id := (select survey_version_id from public.accreditations where id = new.accreditation_id);
  end if;
  return new;
end
$$;
create trigger assessments_take_cycle_edition before insert on public.assessments
  for each row execute function public.assessments_take_cycle_edition();

alter table public.indicator_responses
  add column new_in_edition boolean not null default false,
  add column review_after_move boolean not null default false;
comment on column public.indicator_responses.new_in_edition is 'New in this edition: nothing of the older edition maps to the indicator.';
comment on column public.indicator_responses.review_after_move is 'Changed - review: carried from a split or merged indicator; cleared when someone answers it.';

-- "Changed - review" clears when someone answers the indicator (its compliance or mark changes).
create function public.clear_review_after_move() returns trigger
  language plpgsql
  as $$
begin
  if old.review_after_move and new.review_after_move
     and (new.compliance, new.is_marked_complete) is distinct from (old.compliance, old.is_marked_complete) then
    new.review_after_move := false;
  end if;
  return new;
end
$$;
create trigger indicator_responses_clear_review before update on public.indicator_responses
  for each row execute function public.clear_review_after_move();

-- A move of one assessment to the newer edition of a mapping: the older assessment is kept,
-- read-only, linked to its copy; undone (the copy removed, nothing in it being anyone's work)
-- while nobody has edited the copy.
create table public.assessment_moves (
  id integer generated always as identity primary key,
  mapping_id integer not null references public.edition_mappings (id),
  from_assessment_id integer not null references public.assessments (id),
  to_assessment_id integer references public.assessments (id),
  moved_by_id integer references public.users (id),
  moved_at timestamptz not null default now(),
  undone_by_id integer references public.users (id),
  undone_at timestamptz,
  constraint assessment_moves_undone check ((undone_at is null) = (to_assessment_id is not null))
);
comment on table public.assessment_moves is 'An assessment moved to a newer edition (and the move undone, if it was).';
create unique index assessment_moves_one_live on public.assessment_moves (from_assessment_id) where undone_at is null;
create trigger assessment_moves_audit after insert or update or delete on public.assessment_moves
  for each row execute function public.audit_row('id');

-- The evidence documents a move took to the copy's responses, so an undo puts them back.
create table public.assessment_move_documents (
  move_id integer not null references public.assessment_moves (id),
  document_id integer not null references public.documents (id),
  from_response_id integer not null references public.indicator_responses (id),
  primary key (move_id, document_id)
);
comment on table public.assessment_move_documents is 'Where each evidence document a move carried came from.';

-- A moved assessment is read-only: its responses (below), their comments and locks, its summaries, and
-- documents attached to its responses are refused. The check takes a key-share lock on the
-- assessment, so an edit and a move of the same assessment run one after the other: an edit
-- committed first is carried; one that comes after the move is refused, never lost silently.
create function public.refuse_write_to_moved_assessment() returns trigger
  language plpgsql
  as $$
declare
  assessment integer;
  moved_to integer;
  row_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  row_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  response integer;
begin
  if tg_table_name in ('comments', 'documents') then
    response := coalesce((row_new ->> 'indicator_response_id')::integer, (row_old ->> 'indicator_response_id')::integer);
    if tg_table_name = 'documents' then
      response := (row_new ->> 'indicator_response_id')::integer;
    end if;
    assessment := (select r.assessment_id from public.indicator_responses r where r.id = response);
  else
    assessment := coalesce((row_new ->> 'assessment_id')::integer, (row_old ->> 'assessment_id')::integer);
  end if;
  if assessment is null then
    return coalesce(new, old);
  end if;
  select a.moved_to_assessment_id into moved_to from public.assessments a where a.id = assessment for key share;
  if moved_to is not null then
    raise exception 'This assessment was moved to a newer edition and is read-only: make the change in assessment % instead.', moved_to
      using errcode = 'check_violation', constraint = 'assessment_moved';
  end if;
  return coalesce(new, old);
end
$$;

-- The responses, written by the hundred (a move, auto complete), are checked once per statement:
-- the same key-share lock, taken on every assessment the statement wrote to.
create function public.refuse_write_to_moved_responses() returns trigger
  language plpgsql
  as $$
declare
  moved_to integer;
begin
  if tg_op = 'INSERT' then
    select min(x.moved_to_assessment_id) into moved_to from (
      select a.moved_to_assessment_id from public.assessments a
       where a.id in (select assessment_id from changed) order by a.id for key share) x;
  elsif tg_op = 'UPDATE' then
    select min(x.moved_to_assessment_id) into moved_to from (
      select a.moved_to_assessment_id from public.assessments a
       where a.id in (select assessment_id from changed union select assessment_id from changed_old)
       order by a.id for key share) x;
  else
    select min(x.moved_to_assessment_id) into moved_to from (
      select a.moved_to_assessment_id from public.assessments a
       where a.id in (select assessment_id from changed_old) order by a.id for key share) x;
  end if;
  if moved_to is not null then
    raise exception 'This assessment was moved to a newer edition and is read-only: make the change in assessment % instead.', moved_to
      using errcode = 'check_violation', constraint = 'assessment_moved';
  end if;
  return null;
end
$$;

create trigger indicator_responses_not_moved_insert after insert on public.indicator_responses
  referencing new table as changed for each statement execute function public.refuse_write_to_moved_responses();
create trigger indicator_responses_not_moved_update after update on public.indicator_responses
  referencing old table as changed_old new table as changed
  for each statement execute function public.refuse_write_to_moved_responses();
create trigger indicator_responses_not_moved_delete after delete on public.indicator_responses
  referencing old table as changed_old for each statement execute function public.refuse_write_to_moved_responses();
create trigger comments_not_moved before insert or update or delete on public.comments
  for each row execute function public.refuse_write_to_moved_assessment();
create trigger indicator_locks_not_moved before insert or update on public.indicator_locks
  for each row execute function public.refuse_write_to_moved_assessment();
create trigger general_comments_not_moved before insert or update or delete on public.general_comments
  for each row execute function public.refuse_write_to_moved_assessment();
create trigger documents_not_moved before insert or update of indicator_response_id on public.documents
  for each row execute function public.refuse_write_to_moved_assessment();

-- A moved assessment changes only back (an undo clears the link); nothing else of it changes.
create function public.refuse_change_to_moved_assessment() returns trigger
  language plpgsql
  as $$
begin
  if old.moved_to_assessment_id is not null and new.moved_to_assessment_id is not null then
    raise exception 'This assessment was moved to a newer edition and is read-only: make the change in assessment % instead.', old.moved_to_assessment_id
      using errcode = 'check_violation', constraint = 'assessment_moved';
  end if;
  return new;
end
$$;
create trigger assessments_not_moved before update on public.assessments
  for each row execute function public.refuse_change_to_moved_assessment();

-- The counts of an assessment follow its own edition.
create or replace view public.assessment_counts AS
 SELECT a.id AS assessment_id,
    COALESCE(public.survey_version_indicator_count(v.*), 0) AS total,
    COALESCE(r.complete, 0) AS complete,
    COALESCE(r.mets, 0) AS mets,
    COALESCE(r.not_mets, 0) AS not_mets,
    COALESCE(r.improvements, 0) AS improvements,
    COALESCE(r.risk_closed, 0) AS risk_closed,
    COALESCE(r.risk_critical, 0) AS risk_critical,
    COALESCE(r.risk_major, 0) AS risk_major,
    COALESCE(r.risk_moderate, 0) AS risk_moderate,
    COALESCE(r.risk_minor, 0) AS risk_minor
   FROM (((public.assessments a
     JOIN public.accreditations acc ON ((acc.id = a.accreditation_id)))
     LEFT JOIN public.survey_versions v ON ((v.id = coalesce(a.survey_version_id, acc.survey_version_id))))
     LEFT JOIN LATERAL ( SELECT (count(*) FILTER (WHERE
                CASE
                    WHEN (a.type = 'PRESURVEY'::text) THEN (x.is_marked_complete OR (x.compliance = 'NOT_APPLICABLE'::text))
                    ELSE (x.compliance IS NOT NULL)
                END))::integer AS complete,
            (count(*) FILTER (WHERE (x.compliance = 'MET'::text)))::integer AS mets,
            (count(*) FILTER (WHERE (x.compliance = 'NOT_MET'::text)))::integer AS not_mets,
            (count(*) FILTER (WHERE (length(TRIM(BOTH FROM COALESCE(x.observation, ''::text))) > 0)))::integer AS improvements,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.non_conformity_status = 'CLOSED'::text))))::integer AS risk_closed,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.risk_rating = 'CRITICAL'::text))))::integer AS risk_critical,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.risk_rating = 'HIGH'::text))))::integer AS risk_major,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.risk_rating = 'MODERATE'::text))))::integer AS risk_moderate,
            (count(*) FILTER (WHERE ((x.compliance = 'NOT_MET'::text) AND (x.risk_rating = 'LOW'::text))))::integer AS risk_minor
           FROM ((public.indicator_responses x
             JOIN public.indicators i ON ((i.id = x.indicator_id)))
             JOIN public.indicator_sets s ON (((s.id = i.indicator_set_id) AND (s.type = 'STANDARDS'::text))))
          WHERE ((x.assessment_id = a.id) AND (NOT x.archived))) r ON (true));

