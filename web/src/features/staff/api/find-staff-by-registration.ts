import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/** Staff of any practice whose registration number contains the text (case-insensitive). */
export const FindStaffByRegistrationQuery = graphql(`
  query FindStaffByRegistration($registrationNum: String!) {
    findStaffByRegistration(registrationNum: $registrationNum) {
      id
      practice_id
      title
      first_name
      last_name
      type
      registration_num
      employment_type
      email
      vr_status
      fte_band
      qicpd
      qa_cpd_num
      cpr_expiry
      verified
    }
  }
`);

/** One match of the registration-number look-up (spec 000 §7). */
export type TRegistrationMatch = ResultOf<
  typeof FindStaffByRegistrationQuery
>['findStaffByRegistration'][number];
