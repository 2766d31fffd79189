-- The demo certificates' printed numbers and verification codes, so that /verify/<code>
-- answers for each state (current, superseded, an extension, a registration) without issuing one
-- first. Certificates issued by the app get theirs from certifySurveyAssessment. Set once.
update public.certificates c
   set certificate_number = upper(left(c.type, 3)) || '-' || to_char(c.issue_date, 'YYYY') || '-' || lpad(c.id::text, 6, '0'),
       verification_code = v.code
  from (values
    (1, 'DEMA-CAPH-SUPR'),
    (2, 'DEMA-CAPH-VALD'),
    (3, 'DEMA-STHX-VALD'),
    (4, 'DEMA-BAYV-VALD'),
    (5, 'DEMA-HNTR-SUPR'),
    (6, 'DEMA-HNTR-EXTN'),
    (7, 'DEMA-HARB-REGN')
  ) as v (id, code)
 where c.id = v.id and c.verification_code is null;
