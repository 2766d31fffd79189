CREATE OR REPLACE FUNCTION public.clear_review_after_move()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  if old.review_after_move and new.review_after_move
     and (new.compliance, new.is_marked_complete) is distinct from (old.compliance, old.is_marked_complete) then
    new.review_after_move := false;
  end if;
  return new;
end
$function$;
