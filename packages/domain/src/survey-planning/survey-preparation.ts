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

/**
 * What the practice prepares for a visit held by video call (the REMOTE confirmation form
 * template, spec 000 §3 survey_visit.confirmation_form_template).
 */
export const REMOTE_SURVEY_PREPARATION = {
  heading: 'What the practice must prepare for a remote visit',
  checklist: [
    'Staff: the practice manager and a principal doctor on the video call for the opening and closing meetings, and clinical and administrative staff available to join it during the day.',
    'Documents: your evidence uploaded to Documents at least five business days before the visit (your current accreditation certificate, your policy and procedure manual and the deed of agreement for medical deputising services): the surveyors cannot look at originals.',
    'Connection: a computer with a camera, a microphone and a reliable internet connection in a quiet room; open the video call link your accreditation coordinator sends, and test it, the day before.',
    'Walk-through: a staff member with a phone or tablet to show the surveyors the consulting and treatment rooms, reception and storage areas on camera when they ask.',
    'Records: a staff member who can share the screen of the clinical software and patient records the surveyors ask to see, following your privacy policy.',
    'Check this form: the date, times and survey team. If anything is wrong, contact your accreditation coordinator before the visit.',
  ],
} as const;

/** The preparation list of each confirmation form template. */
export const SURVEY_PREPARATION_BY_TEMPLATE = {
  ON_SITE: SURVEY_PREPARATION,
  REMOTE: REMOTE_SURVEY_PREPARATION,
} as const;
