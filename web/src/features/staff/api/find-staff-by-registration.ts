import { gql } from '@urql/core';

/** Staff of any practice whose registration number contains the text (case-insensitive). */
export const FindStaffByRegistrationQuery = gql`
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
`;

/** One match of the registration-number look-up (spec 000 §7). */
export interface TRegistrationMatch {
  id: number;
  practice_id: number;
  title: string | null;
  first_name: string;
  last_name: string;
  type: string;
  registration_num: string | null;
  employment_type: string | null;
  email: string | null;
  vr_status: string | null;
  fte_band: string | null;
  qicpd: string | null;
  qa_cpd_num: string | null;
  cpr_expiry: string | null;
  verified: boolean;
}
