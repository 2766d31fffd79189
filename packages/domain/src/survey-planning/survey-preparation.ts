/**
 * What a practice gets ready before its survey visit, as the confirmation form lists it (ours: the
 * spec shows none of the form's words). Text, not layout: the form prints each point as given.
 */
export const SURVEY_PREPARATION = {
  heading: 'What the practice must prepare',
  checklist: [
    'Staff: the practice manager and a principal doctor available for the opening and closing meetings, and clinical and administrative staff available to talk with the surveyors during the day.',
    'Documents: your evidence uploaded to Documents before the visit (your current accreditation certificate, your policy and procedure manual and the deed of agreement for medical deputising services), with the originals on hand.',
    'Rooms: a quiet room with a desk, power and internet access for the surveyors for the whole visit, and access to the consulting and treatment rooms, reception and storage areas.',
    'Records: a staff member who can give the surveyors supervised access to the clinical software and patient records, following your privacy policy.',
    'Access on the day: anything the survey team needs to reach you, such as parking or building access, sent to your accreditation coordinator.',
    'Check this form: the date, times and survey team. If anything is wrong, contact your accreditation coordinator before the visit.',
  ],
} as const;
