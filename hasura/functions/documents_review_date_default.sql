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
