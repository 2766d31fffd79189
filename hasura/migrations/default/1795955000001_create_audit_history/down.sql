drop function public.audit_history(text, integer);
drop index public.accreditations_practice_all_idx;
