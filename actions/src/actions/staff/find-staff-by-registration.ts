import { containsPattern } from '@portal/domain';
import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { defineAction } from '../define-action.ts';
import { callerOf, holdsFlagOnAnyPractice } from '../practices/practice-access.ts';

/** At most this many matches: the look-up fills a form, it is not a report. */
const LIMIT = 20;

interface StaffMatch {
  id: number;
  employment_type: string | null;
  email: string | null;
  first_name: string;
  fte_band: string | null;
  last_name: string;
  practice_id: number;
  qicpd: string | null;
  title: string | null;
  type: string;
  vr_status: string | null;
  cpr_expiry: string | null;
  registration_num: string | null;
  qa_cpd_num: string | null;
  verified: boolean;
}

/**
 * `findStaffByRegistration(registrationNum)`: staff of ANY practice whose registration number
 * contains the text, case-insensitively (spec 000 §7), with the spec's field list, so a
 * practice manager adding a GP can reuse what another practice recorded. Only for callers who
 * hold practiceStaff.changeStaff somewhere (today: a practice manager of an active practice, a
 * QAM, an admin); others get an empty list. Archived rows are left out. At least 3 characters, so it cannot list the whole register.
 */
export const findStaffByRegistration = defineAction({
  name: 'findStaffByRegistration',
  input: z.object({ registrationNum: z.string().trim().min(3, 'Type at least 3 characters').max(50) }),
  async handle({ app, session, input }) {
    const caller = callerOf(session);
    if (!(await holdsFlagOnAnyPractice(app.db, caller, (f) => f.practiceStaff.changeStaff))) return [];
    const pattern = containsPattern(input.registrationNum);
    const rows = await app.db.many<StaffMatch>(sql`
      select id, employment_type, email::text as email, first_name, fte_band, last_name, practice_id, qicpd, title,
             type, vr_status, to_char(cpr_expiry, 'YYYY-MM-DD') as cpr_expiry, registration_num, qa_cpd_num, verified
        from public.practice_staff
       where registration_num ilike ${pattern} and not archived
       order by registration_num, last_name, first_name, id
       limit ${LIMIT}`);
    return rows;
  },
});
