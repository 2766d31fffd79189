CREATE OR REPLACE FUNCTION public.practice_staff_documents_in_practice(s practice_staff)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select not exists (
    select 1 from public.documents d
     where d.id in (s.primary_qualification_document_id, s.secondary_qualification_document_id,
                    s.cpd_evidence_document_id, s.training_evidence_document_id, s.cpr_evidence_document_id)
       and d.practice_id is distinct from s.practice_id)
$function$;
comment on function practice_staff_documents_in_practice(practice_staff) is 'Computed field documents_in_practice (rules only): every document the staff row refers to is its practice''s.';
