import {
  addPracticeRole,
  addSurveyVisitor,
  createAccreditation,
  createAddress,
  createAssessment,
  createCertificate,
  createContact,
  createDocument,
  createFolder,
  createInvitation,
  createNetwork,
  createPractice,
  createReapplication,
  createStaff,
  createStandards,
  createSurveyedPractice,
  createSurveyVisit,
  createUser,
  dayFromToday,
  insertRow,
  type Row,
  type Sql,
  type TestUser,
} from '@portal/testkit/factories';

/**
 * The people and practices the permission tests (permission-writes, permission-matrix) ask about,
 * made with the factories: one of each kind of caller, and a row in every table they read or
 * write.
 *
 * - `p1`: managed by `pmSingle` only (the one practice they have); contacts of each kind, an open
 *   cycle nominating its GP contact, a staff member, a document.
 * - `p2`: managed by `pm`, in a network; surveyed by `surveyor` and `surveyor3`. Its open cycle's
 *   visit asks for preferred days: `surveyor` is its accepted lead (with a preferred day),
 *   `surveyor3` is only offered it. Contacts, a staff member, two documents, an invitation, a
 *   certificate.
 * - `p3`: managed by `pm` (and, no longer, `pmOther`: an inactive row); surveyed by `surveyor2`.
 *   A staff member, a folder of its own, a renewal due.
 * - `p5`: managed by `pm`, surveyed by `surveyor` and `surveyor2`, the accepted visitors of its
 *   FINAL visit, whose assessment is in progress.
 * - `p7`: managed by `pmOther`; a document.
 *
 * Also a QAM, a super admin, a user of no practice, a surveyor profile, and standards with a
 * checklist and resources for PMs and surveyors.
 */
export async function createPermissionWorld(sql: Sql) {
  const users = {
    pmSingle: await createUser(sql, { firstName: 'Daniel', lastName: 'Costa' }),
    pm: await createUser(sql, { firstName: 'Sarah', lastName: 'Mitchell' }),
    pmOther: await createUser(sql, { firstName: 'Fiona', lastName: 'McLeod' }),
    surveyor: await createUser(sql, { isSurveyor: true }),
    surveyor2: await createUser(sql, { isSurveyor: true }),
    surveyor3: await createUser(sql, { isSurveyor: true }),
    qam: await createUser(sql, { isQam: true }),
    admin: await createUser(sql, { isSuperadmin: true }),
    newuser: await createUser(sql),
  };
  const network = await createNetwork(sql);
  const practice = async (pm: TestUser, surveyors: TestUser[], columns: Row = {}) => {
    const address = await createAddress(sql);
    const { id } = await createPractice(sql, {
      organisation: { physical_address_id: address.id },
      practice: columns,
    });
    await addPracticeRole(sql, id, pm.id, 'PM');
    for (const surveyor of surveyors) await addPracticeRole(sql, id, surveyor.id, 'SU');
    return { id, addressId: address.id };
  };
  const p1 = await practice(users.pmSingle, []);
  const p2 = await practice(users.pm, [users.surveyor, users.surveyor3], {
    network_id: network.id,
    is_in_practice_network: true,
  });
  const p3 = await practice(users.pm, [users.surveyor2]);
  const p5 = await practice(users.pm, [users.surveyor, users.surveyor2]);
  const p7 = await practice(users.pmOther, []);
  await addPracticeRole(sql, p3.id, users.pmOther.id, 'PM', { active: false });

  const contact = async (practiceId: number, type: string, columns: Row = {}) =>
    (await createContact(sql, practiceId, { type, ...columns })).id;
  const contacts = {
    p1Accreditation: await contact(p1.id, 'ACCREDITATION', { user_id: users.pmSingle.id }),
    p1Gp: await contact(p1.id, 'GP'),
    p1Nurse: await contact(p1.id, 'NURSE'),
    p1Support: await contact(p1.id, 'SUPPORT'),
    p2Accreditation: await contact(p2.id, 'ACCREDITATION', { user_id: users.pm.id }),
    p2Gp: await contact(p2.id, 'GP'),
  };

  const standards = await createStandards(sql, 2);
  const [indicator] = standards.indicators;
  const checklist = await insertRow(sql, 'checklists', {
    indicator_id: indicator!.id,
    question_number: 1,
    question_text: 'Is it done?',
  });
  await insertRow(sql, 'checklist_items', { checklist_id: checklist.id, item_number: 1, item_text: 'Done' });
  for (const resource of [{ for_pm: true }, { for_surveyor: true }, { for_pm: true, archived: true }]) {
    await insertRow(sql, 'indicator_resources', {
      indicator_id: indicator!.id,
      name: 'Guide',
      url: 'https://resources.example/guide',
      ...resource,
    });
  }
  // General resources and factsheets (no indicator) follow the same rule (matrix: indicator_resources).
  for (const [kind, resource] of [
    ['RESOURCE', { for_pm: true }],
    ['RESOURCE', { for_surveyor: true }],
    ['FACTSHEET', { for_pm: true, for_surveyor: true }],
    ['FACTSHEET', { for_surveyor: true, archived: true }],
    ['FACTSHEET', {}],
  ] as const) {
    await insertRow(sql, 'indicator_resources', {
      kind,
      category: 'General',
      name: 'Factsheet',
      url: 'https://resources.example/factsheet',
      ...resource,
    });
  }
  await insertRow(sql, 'surveyor_profiles', { user_id: users.surveyor.id, rate_classification: 'LEAD' });

  const cycle = (practiceId: number, columns: Row = {}) =>
    createAccreditation(sql, practiceId, {
      survey_version_id: standards.version.id,
      qam_id: users.qam.id,
      ...columns,
    });
  const accreditations = {
    p1: (
      await cycle(p1.id, {
        nominated_accreditation_contact_id: contacts.p1Accreditation,
        nominated_gp_contact_id: contacts.p1Gp,
      })
    ).id,
    p2: (await cycle(p2.id, { nominated_accreditation_contact_id: contacts.p2Accreditation })).id,
    p5: (await cycle(p5.id)).id,
  };

  // p2's visit asks for preferred days; p5's took place and is being assessed.
  const visit2 = await createSurveyVisit(sql, accreditations.p2, {
    status: 'PREFERRED_DAYS_REQ',
    due: dayFromToday(75),
  });
  const visit3 = await createSurveyVisit(sql, accreditations.p5, {
    status: 'FINAL',
    date: dayFromToday(-12),
    start_time: '08:30',
    end_time: '16:30',
  });
  const visitors = {
    visit2Lead: (await addSurveyVisitor(sql, visit2.id, users.surveyor.id, 'ACCEPTED', { is_lead: true })).id,
    visit2Offered: (await addSurveyVisitor(sql, visit2.id, users.surveyor3.id, 'OFFERED')).id,
    visit3Surveyor: (await addSurveyVisitor(sql, visit3.id, users.surveyor.id, 'ACCEPTED', { is_lead: true }))
      .id,
    visit3Surveyor2: (await addSurveyVisitor(sql, visit3.id, users.surveyor2.id, 'ACCEPTED')).id,
  };
  // A notification of each kind of caller (the bell): its own only.
  for (const who of [users.pm, users.surveyor, users.qam, users.admin])
    await insertRow(sql, 'notifications', {
      user_id: who.id,
      kind: 'REVIEW_NOTICE',
      title: 'Your non-conformities have been reviewed',
      link: '/Dashboard',
      read_at: new Date(Date.now() + 1000).toISOString(),
    });
  const preferredDay = await insertRow(sql, 'preferred_days', {
    survey_visit_id: visit2.id,
    user_id: users.surveyor.id,
    day: dayFromToday(60),
  });
  const surveyAssessment = await createAssessment(
    sql,
    accreditations.p5,
    { type: 'SURVEY_VISIT', survey_visit_id: visit3.id, status: 'IN_PROGRESS' },
    standards.indicators.map((i) => i.id),
  );

  const staff = {
    p1: await createStaff(sql, p1.id),
    p2: await createStaff(sql, p2.id),
    p3: await createStaff(sql, p3.id),
  };
  const folderOfP3 = (await createFolder(sql, p3.id)).id;
  const documents = {
    p1: (await createDocument(sql, p1.id)).id,
    p2: (await createDocument(sql, p2.id)).id,
    p2b: (await createDocument(sql, p2.id)).id,
    p7: (await createDocument(sql, p7.id)).id,
  };
  const invitation = (await createInvitation(sql, p2.id, { invitedById: users.pm.id })).id;
  const certificate = (await createCertificate(sql, p2.id, { accreditation_id: accreditations.p2 })).id;
  // Not in force: the back office reads it, the practice does not (certificate_can_read).
  const supersededCertificate = (
    await createCertificate(sql, p2.id, { accreditation_id: accreditations.p2, validity: 'SUPERSEDED' })
  ).id;
  await createReapplication(sql, p3.id, { status: 'DUE' });

  return {
    users,
    practices: { p1, p2, p3, p5, p7 },
    contacts,
    accreditations,
    visits: { visit2: visit2.id, visit3: visit3.id },
    visitors,
    preferredDay: preferredDay.id,
    surveyAssessment: surveyAssessment.id,
    staff,
    folderOfP3,
    documents,
    invitation,
    certificate,
    supersededCertificate,
  };
}

export type PermissionWorld = Awaited<ReturnType<typeof createPermissionWorld>>;

/** A caller of `stack.gql`: a world user in the role they act in. */
export type RoleCaller = TestUser & { role: string };

/**
 * A practice in its survey (`createSurveyedPractice`, two surveyors unless said) and who acts on
 * it, each in their role: its PM and surveyors as `user`, a QAM and a provider admin. The
 * surveyors have signed the survey assessment's confidentiality agreement (they are surveying);
 * `unsigned` leaves them without.
 */
export async function createSurveyedPracticeCallers(
  sql: Sql,
  options: Parameters<typeof createSurveyedPractice>[1] & { unsigned?: boolean } = {},
) {
  const { unsigned, ...practiceOptions } = options;
  const practice = await createSurveyedPractice(sql, { surveyors: 2, ...practiceOptions });
  if (!unsigned)
    for (const surveyor of practice.surveyors)
      await insertRow(sql, 'confidentiality_signs', {
        assessment_id: practice.survey.id,
        user_id: surveyor.id,
      });
  const as = (user: TestUser, role: string): RoleCaller => ({ ...user, role });
  return {
    practice,
    PM: as(practice.pm, 'user'),
    SURVEYOR: as(practice.surveyors[0]!, 'user'),
    SURVEYOR2: as(practice.surveyors[1]!, 'user'),
    QAM: as(await createUser(sql, { isQam: true }), 'qam'),
    ADMIN: as(await createUser(sql, { isAdmin: true }), 'provider_admin'),
  };
}
