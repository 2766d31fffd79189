-- The transition window between two editions (issue 30; docs/decisions/editions.md, "The
-- transition window"): the provider sets the dates in which a new cycle may use either the
-- current edition or the newer one; the practice manager chooses within them; after them, new
-- cycles use the newer edition, which then becomes the current one.

create table public.edition_transitions (
  id integer generated always as identity primary key,
  from_version_id integer not null references public.survey_versions (id),
  to_version_id integer not null references public.survey_versions (id),
  opens_on date not null,
  closes_on date not null,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint edition_transitions_two_editions check (from_version_id <> to_version_id),
  constraint edition_transitions_closes_after_opens check (closes_on > opens_on),
  constraint edition_transitions_one_per_edition unique (to_version_id)
);
comment on table public.edition_transitions is
  'The days (opens_on to closes_on, both included) in which a new cycle may use the current edition or the newer one.';
comment on column public.edition_transitions.closes_on is 'The last day of the choice; from the next day new cycles use the newer edition.';
comment on column public.edition_transitions.completed_at is 'When the newer edition became the current one (after the window closed).';
-- One window at a time: the one not yet completed.
create unique index edition_transitions_one_pending on public.edition_transitions ((true)) where completed_at is null;

-- The practice manager's choice for the practice's next cycle, honoured within the window only.
alter table public.practices
  add column next_cycle_survey_version_id integer references public.survey_versions (id);
comment on column public.practices.next_cycle_survey_version_id is
  'The edition the practice chose for its next cycle within a transition window (null: the older).';

-- The window's own rules, whoever writes: to a published edition, from the current one, with a
-- complete mapping between them; closing after it opens and not in the past; a window that has
-- closed is history and never changes; one that has opened is not removed.
create function public.check_edition_transition() returns trigger
  language plpgsql
  as $$
declare
  today date := public.portal_today();
  newer public.survey_versions;
  older public.survey_versions;
  unmapped integer;
begin
  if tg_op <> 'INSERT' and old.completed_at is not null then
    raise exception 'The transition to this edition is over: its window never changes.'
      using errcode = 'check_violation', constraint = 'edition_transition_over';
  end if;
  if tg_op = 'DELETE' then
    if old.opens_on <= today then
      raise exception 'The transition window opened on %: shorten it instead of removing it.', to_char(old.opens_on, 'DD/MM/YYYY')
        using errcode = 'check_violation', constraint = 'edition_transition_opened';
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' and new.completed_at is not null then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.closes_on < today then
    raise exception 'The transition window closed on %: it never changes.', to_char(old.closes_on, 'DD/MM/YYYY')
      using errcode = 'check_violation', constraint = 'edition_transition_over';
  end if;
  select * into newer from public.survey_versions where id = new.to_version_id;
  select * into older from public.survey_versions where id = new.from_version_id;
  if newer.status = 'DRAFT' then
    raise exception 'The edition % is draft: publish it before opening a transition window to it.', newer.code
      using errcode = 'check_violation', constraint = 'edition_transition_published';
  end if;
  if newer.status <> 'PUBLISHED' then
    raise exception 'The edition % is retired: a transition window goes to a published edition.', newer.code
      using errcode = 'check_violation', constraint = 'edition_transition_published';
  end if;
  if not older.is_current then
    raise exception 'A transition window goes from the current edition, and % is not current.', older.code
      using errcode = 'check_violation', constraint = 'edition_transition_from_current';
  end if;
  select count(*) into unmapped
    from public.indicators i join public.indicator_sets s on s.id = i.indicator_set_id
   where s.survey_version_id = older.id
     and not exists (select 1 from public.edition_indicator_mappings r
                      join public.edition_mappings m on m.id = r.mapping_id
                     where m.from_version_id = older.id and m.to_version_id = newer.id and r.from_indicator_id = i.id);
  if unmapped > 0 or not exists (select 1 from public.edition_mappings m
                                  where m.from_version_id = older.id and m.to_version_id = newer.id) then
    raise exception 'Map every indicator of % to % before opening a transition window (% not mapped).', older.code, newer.code, unmapped
      using errcode = 'check_violation', constraint = 'edition_transition_mapping';
  end if;
  if new.closes_on <= new.opens_on then
    raise exception 'The window must close after it opens: choose a closing date after %.', to_char(new.opens_on, 'DD/MM/YYYY')
      using errcode = 'check_violation', constraint = 'edition_transition_dates';
  end if;
  if (tg_op = 'INSERT' or new.closes_on is distinct from old.closes_on) and new.closes_on < today then
    raise exception 'The window cannot close in the past: choose a closing date from % on.', to_char(today, 'DD/MM/YYYY')
      using errcode = 'check_violation', constraint = 'edition_transition_dates';
  end if;
  return new;
end
$$;
comment on function public.check_edition_transition() is
  'Trigger: a transition window goes from the current edition to a published one with a complete mapping; it closes after it opens, not in the past, and never changes once closed.';

create trigger edition_transitions_rules before insert or update or delete on public.edition_transitions
  for each row execute function public.check_edition_transition();
create trigger edition_transitions_audit after insert or update or delete on public.edition_transitions
  for each row execute function public.audit_row('id');
create trigger edition_transitions_set_updated_at before update on public.edition_transitions
  for each row execute function public.set_updated_at();

-- While a window is pending, its editions keep their places: the newer is not retired, and the
-- current edition changes only when the window completes (complete_edition_transitions).
create function public.guard_editions_in_transition() returns trigger
  language plpgsql
  as $$
declare
  pending public.edition_transitions;
begin
  select * into pending from public.edition_transitions where completed_at is null;
  if pending.id is null then
    return new;
  end if;
  if new.id = pending.to_version_id and new.status = 'RETIRED' and old.status <> 'RETIRED' then
    raise exception 'The edition % has a transition window open to it: it is not retired.', old.code
      using errcode = 'check_violation', constraint = 'edition_transition_pending';
  end if;
  if new.is_current is distinct from old.is_current then
    raise exception 'A transition window from % is pending: the current edition changes when it closes.',
      (select code from public.survey_versions where id = pending.from_version_id)
      using errcode = 'check_violation', constraint = 'edition_transition_pending';
  end if;
  return new;
end
$$;
comment on function public.guard_editions_in_transition() is
  'Trigger: while a transition window is pending, its newer edition is not retired and the current edition does not change by hand.';

create trigger survey_versions_transition_guard before update of status, is_current on public.survey_versions
  for each row execute function public.guard_editions_in_transition();

-- The editions a new cycle may use on a day: the current one; within a pending window either of
-- its two; after it, the newer.
create function public.cycle_editions_allowed(on_day date) returns integer[]
  language sql stable
  as $$
    select case
      when t.id is null then array_remove(array[(select v.id from public.survey_versions v where v.is_current)], null)
      when on_day < t.opens_on then array[t.from_version_id]
      when on_day <= t.closes_on then array[t.from_version_id, t.to_version_id]
      else array[t.to_version_id]
    end
    from (select 1) one
    left join public.edition_transitions t on t.completed_at is null
  $$;
comment on function public.cycle_editions_allowed(date) is
  'The editions a new cycle may use on the day: the current one, either within a transition window, the newer after it.';

-- The edition of a practice's next cycle on a day: the rule's one, or within a window the
-- practice's choice (the older when it chose nothing).
create function public.next_cycle_edition(practice integer, on_day date) returns integer
  language sql stable
  as $$
    select case
      when cardinality(allowed) < 2 then allowed[1]
      else coalesce(
        (select p.next_cycle_survey_version_id from public.practices p
          where p.organisation_id = practice and p.next_cycle_survey_version_id = any (allowed)),
        allowed[1])
    end
    from public.cycle_editions_allowed(on_day) as allowed
  $$;
comment on function public.next_cycle_edition(integer, date) is
  'The edition a new cycle of the practice takes on the day: the current one, the practice''s choice within a transition window, the newer after it.';

-- A new cycle without an edition takes the rule's; one given an edition must be allowed. Through
-- the product (a Hasura session other than the admin secret) a draft, a retired edition or one the
-- window does not allow is refused; the admin secret (seeds, data loads of past cycles, a move and
-- its undo) writes what it is given. Changing a cycle's edition later is a move's business: only
-- drafts and retired editions are refused then.
create function public.cycles_take_allowed_edition() returns trigger
  language plpgsql
  as $$
declare
  acting_role text := nullif(current_setting('hasura.user', true), '')::json ->> 'x-hasura-role';
  today date := public.portal_today();
  edition public.survey_versions;
  allowed integer[];
  pending public.edition_transitions;
begin
  if tg_op = 'INSERT' and new.survey_version_id is null then
    new.survey_version_id := public.next_cycle_edition(new.practice_id, today);
    return new;
  end if;
  if acting_role is null or acting_role = 'admin'
     or (tg_op = 'UPDATE' and new.survey_version_id is not distinct from old.survey_version_id)
     or new.survey_version_id is null then
    return new;
  end if;
  select * into edition from public.survey_versions where id = new.survey_version_id;
  if edition.status = 'DRAFT' then
    raise exception 'The edition % is a draft: a cycle uses a published edition.', edition.code
      using errcode = 'check_violation', constraint = 'cycle_edition_allowed';
  end if;
  if edition.status = 'RETIRED' then
    raise exception 'The edition % is retired: a cycle uses a published edition.', edition.code
      using errcode = 'check_violation', constraint = 'cycle_edition_allowed';
  end if;
  if tg_op = 'UPDATE' then
    return new;
  end if;
  allowed := public.cycle_editions_allowed(today);
  if not (new.survey_version_id = any (allowed)) then
    select * into pending from public.edition_transitions where completed_at is null;
    if pending.id is not null and today > pending.closes_on and new.survey_version_id = pending.from_version_id then
      raise exception 'The transition window closed on %: new cycles use %.',
        to_char(pending.closes_on, 'DD/MM/YYYY'), (select code from public.survey_versions where id = pending.to_version_id)
        using errcode = 'check_violation', constraint = 'cycle_edition_allowed';
    end if;
    if pending.id is not null and today < pending.opens_on and new.survey_version_id = pending.to_version_id then
      raise exception 'The transition window to % opens on %: until then new cycles use %.', edition.code,
        to_char(pending.opens_on, 'DD/MM/YYYY'), (select code from public.survey_versions where id = pending.from_version_id)
        using errcode = 'check_violation', constraint = 'cycle_edition_allowed';
    end if;
    raise exception 'New cycles use %, not %.',
      coalesce((select string_agg(v.code, ' or ' order by v.id) from public.survey_versions v where v.id = any (allowed)), 'the current edition'),
      edition.code
      using errcode = 'check_violation', constraint = 'cycle_edition_allowed';
  end if;
  return new;
end
$$;
comment on function public.cycles_take_allowed_edition() is
  'Trigger: a new cycle without an edition takes next_cycle_edition; through Hasura a draft, retired or disallowed edition is refused.';

create trigger accreditations_take_allowed_edition before insert or update of survey_version_id on public.accreditations
  for each row execute function public.cycles_take_allowed_edition();

-- A practice's choice is one of the window's two editions, made while it is open (through the
-- product; the admin secret writes what it is given).
create function public.check_next_cycle_choice() returns trigger
  language plpgsql
  as $$
declare
  acting_role text := nullif(current_setting('hasura.user', true), '')::json ->> 'x-hasura-role';
  allowed integer[] := public.cycle_editions_allowed(public.portal_today());
begin
  if acting_role is null or acting_role = 'admin' or new.next_cycle_survey_version_id is null then
    return new;
  end if;
  if cardinality(allowed) < 2 or not (new.next_cycle_survey_version_id = any (allowed)) then
    raise exception 'No transition window is open to choose this edition in.'
      using errcode = 'check_violation', constraint = 'next_cycle_edition_choice';
  end if;
  return new;
end
$$;
comment on function public.check_next_cycle_choice() is
  'Trigger: through Hasura, a practice chooses its next cycle''s edition among an open window''s two.';

create trigger practices_next_cycle_choice before insert or update of next_cycle_survey_version_id on public.practices
  for each row execute function public.check_next_cycle_choice();

-- After its last day, a window completes: the newer edition becomes the current one. Run daily by
-- the scheduler (complete-edition-transitions); idempotent. Answers the windows it completed.
create function public.complete_edition_transitions(on_day date) returns setof public.edition_transitions
  language plpgsql
  as $$
declare
  t public.edition_transitions;
begin
  for t in
    update public.edition_transitions set completed_at = now()
     where completed_at is null and closes_on < on_day
    returning *
  loop
    update public.survey_versions set is_current = false where is_current and id <> t.to_version_id;
    update public.survey_versions set is_current = true where id = t.to_version_id and not is_current;
    return next t;
  end loop;
end
$$;
comment on function public.complete_edition_transitions(date) is
  'Completes the transition windows closed before the day: the newer edition becomes the current one.';
