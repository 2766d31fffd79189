-- Fixed value lists. Each is a Hasura enum table (is_enum: true): a text key and a label,
-- so every column that references one is typed by a GraphQL enum.

create table public.assessment_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.assessment_status is 'Status of an assessment (spec 001 §4).';
insert into public.assessment_status (value, comment) values
  ('IN_PROGRESS', 'In progress'),
  ('PARTIALLY_SUBMITTED', 'Partially submitted'),
  ('UNDER_REVIEW', 'Under review'),
  ('COMPLETED', 'Completed'),
  ('ACTION_REQUIRED', 'Action required'),
  ('APPROVED', 'Approved'),
  ('CERTIFIED', 'Certified');

create table public.assessment_type (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.assessment_type is 'Kind of assessment.';
insert into public.assessment_type (value, comment) values
  ('PRESURVEY', 'Self assessment'),
  ('SURVEY_VISIT', 'Survey visit assessment');

create table public.compliance (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.compliance is 'Compliance of an indicator response; a self assessment''s ''complete'' is is_marked_complete.';
insert into public.compliance (value, comment) values
  ('MET', 'Met'),
  ('NOT_MET', 'Not met'),
  ('NOT_APPLICABLE', 'Not applicable');

create table public.risk_level (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.risk_level is 'Likelihood or impact of a risk.';
insert into public.risk_level (value, comment) values
  ('LOW', 'Low'),
  ('MODERATE', 'Moderate'),
  ('HIGH', 'High');

create table public.risk_rating (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.risk_rating is 'Risk rating from the likelihood x impact matrix.';
insert into public.risk_rating (value, comment) values
  ('CRITICAL', 'Critical'),
  ('HIGH', 'Major'),
  ('MODERATE', 'Moderate'),
  ('LOW', 'Minor');

create table public.non_conformity_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.non_conformity_status is 'Open or closed non-conformity or action plan activity.';
insert into public.non_conformity_status (value, comment) values
  ('OPEN', 'Open'),
  ('CLOSED', 'Closed');

create table public.accreditation_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.accreditation_status is 'Status of an accreditation cycle.';
insert into public.accreditation_status (value, comment) values
  ('OPEN', 'Open'),
  ('CLOSED', 'Closed');

create table public.visit_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.visit_status is 'Status of a survey visit.';
insert into public.visit_status (value, comment) values
  ('PLANNING', 'Planning'),
  ('PREFERRED_DAYS_REQ', 'Preferred days requested'),
  ('DRAFT', 'Draft'),
  ('FINAL', 'Final');

create table public.visit_type (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.visit_type is 'Type of a survey visit.';
insert into public.visit_type (value, comment) values
  ('ACCREDITATION', 'Survey'),
  ('SURVEILLANCE', 'Surveillance'),
  ('RELOCATION', 'Relocation'),
  ('GAP', 'Gap');

create table public.visitor_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.visitor_status is 'A surveyor''s answer to a survey visit offer.';
insert into public.visitor_status (value, comment) values
  ('OFFERED', 'Offered'),
  ('ACCEPTED', 'Accepted'),
  ('DECLINED', 'Declined');

create table public.confirmation_form_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.confirmation_form_status is 'Survey confirmation form; SENT means a confirmation is due from the practice.';
insert into public.confirmation_form_status (value, comment) values
  ('NOT_SENT', 'Not sent'),
  ('SENT', 'Sent'),
  ('RECEIVED', 'Received');

create table public.reapplication_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.reapplication_status is 'Status of a renewal (reapplication).';
insert into public.reapplication_status (value, comment) values
  ('DUE', 'Renewal due'),
  ('PAYMENT_PENDING', 'Renewal payment due'),
  ('COMPLETED', 'Completed'),
  ('WITHDRAWN', 'Withdrawn');

create table public.practice_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.practice_status is 'Lifecycle status of a practice with the provider.';
insert into public.practice_status (value, comment) values
  ('APPLICATION', 'Application started'),
  ('PAYMENT_PENDING', 'Payment pending'),
  ('IN_PROGRESS', 'Accreditation in progress'),
  ('ACCREDITED', 'Accredited'),
  ('EXPIRED', 'Accreditation expired'),
  ('WITHDRAWN', 'Withdrawn');

create table public.active_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.active_status is 'Whether a practice is active with the provider.';
insert into public.active_status (value, comment) values
  ('ACTIVE', 'Active'),
  ('INACTIVE', 'Inactive');

create table public.practice_role (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.practice_role is 'A user''s role on a practice.';
insert into public.practice_role (value, comment) values
  ('PM', 'Practice manager'),
  ('SU', 'Surveyor');

create table public.practice_type (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.practice_type is 'Type of practice.';
insert into public.practice_type (value, comment) values
  ('GENERAL_PRACTICE', 'General practice'),
  ('ABORIGINAL_MEDICAL_SERVICE', 'Aboriginal community controlled health service'),
  ('AFTER_HOURS', 'After hours service'),
  ('MEDICAL_DEPUTISING_SERVICE', 'Medical deputising service'),
  ('UNIVERSITY_HEALTH_SERVICE', 'University health service'),
  ('OTHER', 'Other');

create table public.branch_or_main (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.branch_or_main is 'Whether a practice is a main site or a branch.';
insert into public.branch_or_main (value, comment) values
  ('MAIN', 'Main practice'),
  ('BRANCH', 'Branch practice');

create table public.organisation_structure (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.organisation_structure is 'Legal structure of an organisation.';
insert into public.organisation_structure (value, comment) values
  ('COMPANY', 'Company'),
  ('PARTNERSHIP', 'Partnership'),
  ('SOLE_TRADER', 'Sole trader'),
  ('TRUST', 'Trust'),
  ('GOVERNMENT', 'Government'),
  ('NOT_FOR_PROFIT', 'Not for profit');

create table public.australian_state (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.australian_state is 'Australian state or territory.';
insert into public.australian_state (value, comment) values
  ('ACT', 'Australian Capital Territory'),
  ('NSW', 'New South Wales'),
  ('NT', 'Northern Territory'),
  ('QLD', 'Queensland'),
  ('SA', 'South Australia'),
  ('TAS', 'Tasmania'),
  ('VIC', 'Victoria'),
  ('WA', 'Western Australia');

create table public.mmm_classification (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.mmm_classification is 'Modified Monash Model remoteness category.';
insert into public.mmm_classification (value, comment) values
  ('MM1', 'MM 1 Metropolitan'),
  ('MM2', 'MM 2 Regional centre'),
  ('MM3', 'MM 3 Large rural town'),
  ('MM4', 'MM 4 Medium rural town'),
  ('MM5', 'MM 5 Small rural town'),
  ('MM6', 'MM 6 Remote community'),
  ('MM7', 'MM 7 Very remote community');

create table public.person_title (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.person_title is 'Title of a person.';
insert into public.person_title (value, comment) values
  ('MR', 'Mr'),
  ('MRS', 'Mrs'),
  ('MISS', 'Miss'),
  ('MS', 'Ms'),
  ('DR', 'Dr'),
  ('PROF', 'Prof'),
  ('ASSOC_PROF', 'Assoc Prof');

create table public.staff_type (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.staff_type is 'Type of a staff member.';
insert into public.staff_type (value, comment) values
  ('gp', 'GP'),
  ('nurse', 'Nurse'),
  ('support', 'Support staff'),
  ('allied_health', 'Allied health'),
  ('other', 'Other');

create table public.employment_type (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.employment_type is 'How a staff member is engaged.';
insert into public.employment_type (value, comment) values
  ('EMPLOYEE', 'Employee'),
  ('CONTRACTOR', 'Contractor'),
  ('OWNER', 'Owner or partner');

create table public.employment_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.employment_status is 'Whether a staff member still works at the practice.';
insert into public.employment_status (value, comment) values
  ('ACTIVE', 'Active'),
  ('INACTIVE', 'Inactive');

create table public.vr_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.vr_status is 'Vocational registration status of a GP.';
insert into public.vr_status (value, comment) values
  ('VR', 'Vocationally registered'),
  ('NON_VR', 'Not vocationally registered'),
  ('FELLOWSHIP_PATHWAY', 'On a fellowship pathway');

create table public.fte_band (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.fte_band is 'Full time equivalent band of a staff member.';
insert into public.fte_band (value, comment) values
  ('FTE_0_25', 'Up to 0.25 FTE'),
  ('FTE_25_50', '0.25 to 0.5 FTE'),
  ('FTE_50_75', '0.5 to 0.75 FTE'),
  ('FTE_75_100', '0.75 to 1 FTE');

create table public.invite_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.invite_status is 'Status of an invitation.';
insert into public.invite_status (value, comment) values
  ('INVITED', 'Invited'),
  ('ACCEPTED', 'Accepted'),
  ('REJECTED', 'Rejected'),
  ('REVOKED', 'Revoked');

create table public.contact_type (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.contact_type is 'Kind of nominated contact.';
insert into public.contact_type (value, comment) values
  ('ACCREDITATION', 'Accreditation contact'),
  ('GP', 'GP contact'),
  ('NURSE', 'Nurse contact'),
  ('SUPPORT', 'Support contact');

create table public.folder_code (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.folder_code is 'Well-known document folders.';
insert into public.folder_code (value, comment) values
  ('STAFF_DOCUMENTS', 'Staff documents'),
  ('SURVEY_VISIT_DOCUMENTS', 'Survey visit documents'),
  ('PREV_ACCRED', 'Previous accreditation'),
  ('POLICIES', 'Policies and procedures'),
  ('GENERAL', 'General');

create table public.indicator_set_type (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.indicator_set_type is 'Kind of indicator set.';
insert into public.indicator_set_type (value, comment) values
  ('STANDARDS', 'Standards'),
  ('MODULE', 'Optional module');

create table public.certificate_type (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.certificate_type is 'Kind of certificate.';
insert into public.certificate_type (value, comment) values
  ('ACCREDITATION', 'Accreditation'),
  ('REGISTRATION', 'Registration'),
  ('EXTENSION', 'Extension');

create table public.certificate_validity (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.certificate_validity is 'Whether a certificate is in force.';
insert into public.certificate_validity (value, comment) values
  ('VALID', 'Valid'),
  ('SUPERSEDED', 'Superseded'),
  ('REVOKED', 'Revoked');

create table public.comment_relationship (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.comment_relationship is 'The author''s relationship to the practice when the comment was written.';
insert into public.comment_relationship (value, comment) values
  ('PRACTICE', 'Practice'),
  ('SURVEYOR', 'Surveyor'),
  ('PROVIDER', 'Provider');

create table public.surveyor_rate_classification (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.surveyor_rate_classification is 'Pay rate classification of a surveyor.';
insert into public.surveyor_rate_classification (value, comment) values
  ('STANDARD', 'Standard'),
  ('SENIOR', 'Senior'),
  ('LEAD', 'Lead');

create table public.email_status (
  value text primary key check (value ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  comment text not null
);
comment on table public.email_status is 'Delivery status of an outbox e-mail.';
insert into public.email_status (value, comment) values
  ('PENDING', 'Pending'),
  ('SENT', 'Sent'),
  ('FAILED', 'Failed');
