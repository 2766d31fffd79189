-- Evidence with a life (docs/decisions/evidence.md): a document's effective date (the day it
-- takes effect, distinct from its upload; the upload's day unless said) and its review or expiry
-- date (none unless said); a folder's review period in months, which gives a document filed in it
-- its review date (effective date + the period) when it has none.
alter table public.folders add column review_months integer;
alter table public.folders add constraint folders_review_months_range
  check (review_months is null or review_months between 1 and 120);
comment on column public.folders.review_months is
  'Months after its effective date that a document filed here is due for review (none: no review date by default).';

alter table public.documents add column effective_date date;
update public.documents set effective_date = (created_at at time zone 'Australia/Sydney')::date;
alter table public.documents alter column effective_date set default public.portal_today();
alter table public.documents alter column effective_date set not null;
alter table public.documents add column review_date date;
alter table public.documents add constraint documents_review_after_effective
  check (review_date is null or review_date >= effective_date);
comment on column public.documents.effective_date is 'The day the document takes effect (distinct from its upload).';
comment on column public.documents.review_date is 'The day the document is due for review or expires; none when it has none.';

CREATE OR REPLACE FUNCTION public.documents_review_date_default()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  months integer;
begin
  if new.review_date is null then
    select f.review_months into months from public.folders f where f.id = new.folder_id;
    if months is not null then
      new.review_date := (new.effective_date + make_interval(months => months))::date;
    end if;
  end if;
  if new.review_date < new.effective_date then
    raise exception using errcode = 'check_violation',
      message = 'The review date cannot be before the effective date';
  end if;
  return new;
end
$function$;
comment on function documents_review_date_default() is 'Trigger: a document filed in a folder with a review period and no review date of its own is given one (effective date + the period); a review date before the effective date is refused.';

create trigger documents_review_date_default
  before insert or update of folder_id, effective_date, review_date on public.documents
  for each row execute function public.documents_review_date_default();
