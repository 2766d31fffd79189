-- What a surveyor may read about their own offers and conflicts (issue 15). A surveyor is offered
-- visits to practices they hold no role on, so cannot read those practices; the offers page needs
-- only the practice's name and suburb. These computed fields give exactly that, on rows the role
-- already reads (its own survey_visitors rows, or those of practices it is on; its own conflicts),
-- and nothing else of the practice.

create function public.survey_visitor_practice_name(sv public.survey_visitors)
returns text language sql stable as $$
  select o.name
    from public.survey_visits v
    join public.accreditations a on a.id = v.accreditation_id
    join public.organisations o on o.id = a.practice_id
   where v.id = sv.survey_visit_id
$$;
comment on function public.survey_visitor_practice_name(public.survey_visitors) is
  'Computed field practice_name: the name of the practice the visit is to.';

create function public.survey_visitor_practice_suburb(sv public.survey_visitors)
returns text language sql stable as $$
  select ad.suburb
    from public.survey_visits v
    join public.accreditations a on a.id = v.accreditation_id
    join public.organisations o on o.id = a.practice_id
    join public.addresses ad on ad.id = o.physical_address_id
   where v.id = sv.survey_visit_id
$$;
comment on function public.survey_visitor_practice_suburb(public.survey_visitors) is
  'Computed field practice_suburb: the suburb of the practice the visit is to.';

create function public.surveyor_conflict_subject_name(c public.surveyor_conflicts)
returns text language sql stable as $$
  select coalesce(
    (select o.name from public.organisations o where o.id = c.practice_id),
    (select n.name from public.practice_networks n where n.id = c.network_id))
$$;
comment on function public.surveyor_conflict_subject_name(public.surveyor_conflicts) is
  'Computed field subject_name: the name of the practice or network of the conflict.';

create function public.surveyor_conflict_subject_suburb(c public.surveyor_conflicts)
returns text language sql stable as $$
  select ad.suburb
    from public.organisations o
    join public.addresses ad on ad.id = o.physical_address_id
   where o.id = c.practice_id
$$;
comment on function public.surveyor_conflict_subject_suburb(public.surveyor_conflicts) is
  'Computed field subject_suburb: the suburb of the practice of the conflict (none for a network).';
