import {
  addPracticeRole,
  createDocument,
  createInvitation,
  createManagedPractice,
  createPractice,
  createStaff,
  createUser,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Permissions these actions rely on for the web (written by the permissions work, not here):
// `user` select on practice_staff for the practice's PM and SU, qam/provider_admin select on all.
// The actions themselves authorise with the per-practice flags (practiceStaff.*).

const SAVE = `mutation Save($practiceId: Int!, $staff: jsonb!) {
  saveStaffMember(practiceId: $practiceId, staff: $staff) { id created }
}`;
const ARCHIVE = 'mutation Archive($id: Int!) { archiveStaffMember(id: $id) { id archived } }';
const VERIFY = `mutation Verify($id: Int!, $verified: Boolean!) {
  verifyStaffMember(id: $id, verified: $verified) { id verified verifiedAt verifiedById }
}`;
const FIND = `query Find($r: String!) { findStaffByRegistration(registrationNum: $r) {
  id employment_type email first_name fte_band last_name practice_id qicpd title type vr_status
  cpr_expiry registration_num qa_cpd_num verified } }`;

const gp = (overrides: Record<string, unknown> = {}) => ({
  title: 'DR',
  firstName: 'Nadia',
  lastName: 'Brooks',
  type: 'gp',
  registrationNum: 'MED0009990001',
  employmentType: 'EMPLOYEE',
  startDate: '2024-02-01',
  employmentStatus: 'ACTIVE',
  email: 'Nadia.Brooks@Example.com',
  vrStatus: 'VR',
  hoursPerWeek: '37.5',
  cprExpiry: '2026-03-31',
  qicpd: 'RACGP',
  phone: '',
  ...overrides,
});

describe('staff actions', () => {
  let stack: TestStack;
  /** `home`, managed by `manager`; `riverbend`, managed by `pm`, surveyed by `surveyor` (SU). */
  let home: number;
  let manager: TestUser;
  let riverbend: number;
  let pm: TestUser;
  let surveyor: TestUser;
  /** A surveyor with no role on either practice, a QAM, and a user of no practice. */
  let outsider: TestUser;
  let qam: TestUser;
  let newUser: TestUser;
  /** An unverified GP of riverbend, with every detail the look-up returns. */
  let mei: number;
  const meiNumber = `MED${String(Date.now()).slice(-10)}`;
  let homeDocument: number;
  let riverbendDocument: number;
  const staffRow = async (id: number) =>
    (await stack.sql.query('select * from practice_staff where id = $1', [id])).rows[0];
  const staffCount = async (practiceId: number) =>
    Number(
      (await stack.sql.query('select count(*) from practice_staff where practice_id = $1', [practiceId]))
        .rows[0].count,
    );

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    // Practices the provider has taken on (a new application's manager looks across no register).
    ({ id: home, pm: manager } = await createManagedPractice(stack.sql, {
      practice: { status: 'ACCREDITED' },
    }));
    ({ id: riverbend, pm } = await createManagedPractice(stack.sql, { practice: { status: 'ACCREDITED' } }));
    surveyor = await createUser(stack.sql, { isSurveyor: true });
    await addPracticeRole(stack.sql, riverbend, surveyor.id, 'SU');
    outsider = await createUser(stack.sql, { isSurveyor: true });
    qam = await createUser(stack.sql, { isQam: true });
    newUser = await createUser(stack.sql);
    mei = await createStaff(stack.sql, riverbend, {
      firstName: 'Mei',
      lastName: 'Green',
      type: 'gp',
      email: 'mei.green@riverbend.example',
      registrationNum: meiNumber,
      columns: {
        title: 'DR',
        employment_type: 'OWNER',
        fte_band: 'FTE_75_100',
        vr_status: 'VR',
        qicpd: 'ACRRM',
        qa_cpd_num: '500582',
        cpr_expiry: '2027-06-30',
      },
    });
    homeDocument = (await createDocument(stack.sql, home)).id;
    riverbendDocument = (await createDocument(stack.sql, riverbend)).id;
  });
  afterAll(async () => {
    await stack?.close();
  });

  describe('saveStaffMember', () => {
    it('adds a staff member for the practice manager, stored as the schema says', async () => {
      const result = await stack.gql<{ saveStaffMember: { id: number; created: boolean } }>(manager, SAVE, {
        practiceId: home,
        staff: gp({ type: 'nurse', vrStatus: 'VR', qicpd: 'X' }),
      });
      expect(result.errors).toBeUndefined();
      expect(result.data!.saveStaffMember.created).toBe(true);
      const row = await staffRow(result.data!.saveStaffMember.id);
      expect(row).toMatchObject({
        practice_id: home,
        type: 'nurse',
        email: 'nadia.brooks@example.com',
        hours_per_week: '37.50',
        vr_status: null,
        qicpd: null,
        phone: null,
        verified: false,
        archived: false,
        created_by_id: manager.id,
      });
    });

    it("spec 000 §9: keeps a row's phone with its country, checked against it", async () => {
      const refused = await stack.gql(manager, SAVE, {
        practiceId: home,
        staff: gp({ phone: '04 472 3000' }),
      });
      expect(refused.errors?.[0]?.extensions?.fields).toMatchObject({ phone: 'Invalid phone number format' });
      const saved = await stack.gql<{ saveStaffMember: { id: number } }>(manager, SAVE, {
        practiceId: home,
        staff: gp({ phone: '04 472 3000', phoneCountryCode: 'NZ' }),
      });
      expect(saved.errors).toBeUndefined();
      expect(await staffRow(saved.data!.saveStaffMember.id)).toMatchObject({
        phone: '04 472 3000',
        phone_country_code: 'NZ',
      });
    });

    it('refuses a bad field with the spec message and the field, changing nothing', async () => {
      const before = await staffCount(home);
      const missing = await stack.gql(manager, SAVE, {
        practiceId: home,
        staff: gp({ registrationNum: '' }),
      });
      expect(missing.errors?.[0]?.message).toBe(
        'Could not save staff member, value for Registration Num is invalid',
      );
      expect(missing.errors?.[0]?.extensions).toMatchObject({
        code: 'invalid_input',
        fields: { registration_num: 'Required field' },
      });
      const phone = await stack.gql(manager, SAVE, {
        practiceId: home,
        staff: gp({ phone: '123' }),
      });
      expect(phone.errors?.[0]?.message).toBe('Could not save staff member, value for Phone is invalid');
      expect(phone.errors?.[0]?.extensions?.fields).toEqual({ phone: 'Invalid phone number format' });
      const inactive = await stack.gql(manager, SAVE, {
        practiceId: home,
        staff: gp({ employmentStatus: 'INACTIVE' }),
      });
      expect(inactive.errors?.[0]?.message).toBe(
        'Could not save staff member, value for Resignation Date is invalid',
      );
      expect(await staffCount(home)).toBe(before);
    });

    it('changes an existing row; going back to ACTIVE clears the resignation date', async () => {
      const added = await stack.gql<{ saveStaffMember: { id: number } }>(manager, SAVE, {
        practiceId: home,
        staff: gp({ employmentStatus: 'INACTIVE', resignationDate: '2025-01-31' }),
      });
      const id = added.data!.saveStaffMember.id;
      expect((await staffRow(id)).resignation_date).not.toBeNull();
      const changed = await stack.gql<{ saveStaffMember: { id: number; created: boolean } }>(manager, SAVE, {
        practiceId: home,
        staff: gp({ id, lastName: 'Brooks-Hart', resignationDate: '2025-01-31' }),
      });
      expect(changed.data!.saveStaffMember).toEqual({ id, created: false });
      expect(await staffRow(id)).toMatchObject({
        last_name: 'Brooks-Hart',
        employment_status: 'ACTIVE',
        resignation_date: null,
      });
    });

    it('attaches only documents of the same practice', async () => {
      const wrong = await stack.gql(manager, SAVE, {
        practiceId: home,
        staff: gp({ cprEvidenceDocumentId: riverbendDocument }),
      });
      expect(wrong.errors?.[0]?.message).toBe(
        'Could not save staff member, value for Cpr Evidence Document Id is invalid',
      );
      const right = await stack.gql<{ saveStaffMember: { id: number } }>(manager, SAVE, {
        practiceId: home,
        staff: gp({ cprEvidenceDocumentId: homeDocument }),
      });
      expect((await staffRow(right.data!.saveStaffMember.id)).cpr_evidence_document_id).toBe(homeDocument);
    });

    it('lets a QAM (back-office role) change staff, not a surveyor on the practice nor a stranger', async () => {
      const byQam = await stack.gql(qam, SAVE, { practiceId: riverbend, staff: gp() });
      expect(byQam.errors).toBeUndefined();
      const bySurveyor = await stack.gql(surveyor, SAVE, { practiceId: riverbend, staff: gp() });
      expect(bySurveyor.errors?.[0]?.extensions?.code).toBe('forbidden');
      const stranger = await stack.gql(manager, SAVE, { practiceId: riverbend, staff: gp() });
      expect(stranger.errors?.[0]?.extensions?.code).toBe('not_found');
      // A row of another practice cannot be changed through one's own practice id.
      const other = await stack.gql(manager, SAVE, { practiceId: home, staff: gp({ id: mei }) });
      expect(other.errors?.[0]?.extensions?.code).toBe('not_found');
      expect((await staffRow(mei)).first_name).toBe('Mei');
    });
  });

  describe('archiveStaffMember', () => {
    it('archives (never deletes) and revokes an open invite; refused for a surveyor', async () => {
      const id = await createStaff(stack.sql, riverbend, { email: 'sophie.smith@riverbend.example' });
      await createInvitation(stack.sql, riverbend, {
        email: 'sophie.smith@riverbend.example',
        practiceStaffId: id,
        invitedById: pm.id,
      });
      const refused = await stack.gql(surveyor, ARCHIVE, { id });
      expect(refused.errors?.[0]?.extensions?.code).toBe('forbidden');
      const result = await stack.gql(pm, ARCHIVE, { id });
      expect(result).toEqual({ data: { archiveStaffMember: { id, archived: true } } });
      expect((await staffRow(id)).archived).toBe(true);
      const invite = await stack.sql.query('select status from invitations where practice_staff_id = $1', [
        id,
      ]);
      expect(invite.rows).toEqual([{ status: 'REVOKED' }]);
      const again = await stack.gql(pm, ARCHIVE, { id });
      expect(again.errors?.[0]?.extensions?.code).toBe('not_found');
    });
  });

  describe('verifyStaffMember', () => {
    it('is for a surveyor on the practice, a QAM or an admin, never the practice manager', async () => {
      // Mei is unverified; surveyor is SU on riverbend, pm its PM.
      const byPm = await stack.gql(pm, VERIFY, { id: mei, verified: true });
      expect(byPm.errors?.[0]?.extensions?.code).toBe('forbidden');
      const ok = await stack.gql<{ verifyStaffMember: Record<string, unknown> }>(surveyor, VERIFY, {
        id: mei,
        verified: true,
      });
      expect(ok.data!.verifyStaffMember).toMatchObject({
        id: mei,
        verified: true,
        verifiedById: surveyor.id,
      });
      expect(Date.parse(ok.data!.verifyStaffMember.verifiedAt as string)).toBeGreaterThan(
        Date.now() - 60_000,
      );
      const withdrawn = await stack.gql(qam, VERIFY, { id: mei, verified: false });
      expect(withdrawn.data).toEqual({
        verifyStaffMember: { id: mei, verified: false, verifiedAt: null, verifiedById: null },
      });
      // The outsider surveys elsewhere, not riverbend.
      const byOutsider = await stack.gql(outsider, VERIFY, { id: mei, verified: true });
      expect(byOutsider.errors?.[0]?.extensions?.code).toBe('not_found');
    });
  });

  describe('findStaffByRegistration', () => {
    it('matches the number in any case, across practices, with the spec fields once typed in full', async () => {
      const result = await stack.gql<{ findStaffByRegistration: Array<Record<string, unknown>> }>(
        manager,
        FIND,
        { r: meiNumber.toLowerCase() },
      );
      expect(result.data!.findStaffByRegistration).toEqual([
        {
          id: mei,
          employment_type: 'OWNER',
          email: 'mei.green@riverbend.example',
          first_name: 'Mei',
          fte_band: 'FTE_75_100',
          last_name: 'Green',
          practice_id: riverbend,
          qicpd: 'ACRRM',
          title: 'DR',
          type: 'gp',
          vr_status: 'VR',
          cpr_expiry: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          registration_num: meiNumber,
          qa_cpd_num: '500582',
          verified: expect.any(Boolean),
        },
      ]);
    });

    it('answers nothing to someone who may not change staff, and needs 6 characters', async () => {
      const bySurveyor = await stack.gql<{ findStaffByRegistration: unknown[] }>(surveyor, FIND, {
        r: meiNumber,
      });
      expect(bySurveyor.data!.findStaffByRegistration).toEqual([]);
      const short = await stack.gql(pm, FIND, { r: ` ${meiNumber.slice(0, 5)} ` });
      expect(short.errors?.[0]?.extensions).toMatchObject({
        code: 'invalid_input',
        fields: { registrationNum: 'Type at least 6 characters' },
      });
    });

    it("shows another practice's staff only by name until the whole number is typed", async () => {
      const mine = await createPractice(stack.sql, { practice: { status: 'IN_PROGRESS' } });
      const theirs = await createPractice(stack.sql);
      const itsManager = await createUser(stack.sql);
      await addPracticeRole(stack.sql, mine.id, itsManager.id, 'PM');
      const number = `ZQX${Date.now().toString().slice(-9)}`;
      const ownId = await createStaff(stack.sql, mine.id, {
        registrationNum: `${number}1`,
        email: 'own.gp@mine.test',
        type: 'gp',
        firstName: 'Olive',
      });
      const otherId = await createStaff(stack.sql, theirs.id, {
        registrationNum: `${number}2`,
        email: 'other.gp@theirs.test',
        type: 'gp',
        firstName: 'Tariq',
        lastName: 'Haddad',
      });
      await stack.sql.query(
        `update practice_staff set employment_type = 'EMPLOYEE', fte_band = 'FTE_75_100', qicpd = 'RACGP',
            qa_cpd_num = '123456', cpr_expiry = '2027-01-31', vr_status = 'VR' where id = any($1)`,
        [[ownId, otherId]],
      );
      const find = async (r: string) =>
        (
          await stack.gql<{ findStaffByRegistration: Array<Record<string, unknown>> }>(itsManager, FIND, {
            r,
          })
        ).data!.findStaffByRegistration;

      const partial = await find(number.toLowerCase());
      expect(partial.map((row) => row.id)).toEqual([ownId, otherId]);
      // Their own staff: everything.
      expect(partial[0]).toMatchObject({
        email: 'own.gp@mine.test',
        fte_band: 'FTE_75_100',
        qa_cpd_num: '123456',
      });
      // Another practice's: enough to recognise the person, nothing personal.
      expect(partial[1]).toEqual({
        id: otherId,
        practice_id: theirs.id,
        title: null,
        first_name: 'Tariq',
        last_name: 'Haddad',
        type: 'gp',
        registration_num: null,
        verified: false,
        email: null,
        employment_type: null,
        fte_band: null,
        qicpd: null,
        qa_cpd_num: null,
        cpr_expiry: null,
        vr_status: null,
      });

      // The exact number (any case, surrounding spaces) gives the details to reuse.
      const exact = await find(`  ${number.toLowerCase()}2 `);
      expect(exact).toHaveLength(1);
      expect(exact[0]).toMatchObject({
        id: otherId,
        registration_num: `${number}2`,
        email: 'other.gp@theirs.test',
        employment_type: 'EMPLOYEE',
        fte_band: 'FTE_75_100',
        qicpd: 'RACGP',
        qa_cpd_num: '123456',
        cpr_expiry: '2027-01-31',
        vr_status: 'VR',
      });
    });

    it("offers another practice's staff only once at most 2 characters of the number are missing", async () => {
      // Rebuilding a number a character at a time (about 35 look-ups) needed partial matches of
      // a few characters to tell whether a number held them.
      const mine = await createPractice(stack.sql, { practice: { status: 'ACCREDITED' } });
      const theirs = await createPractice(stack.sql, { practice: { status: 'ACCREDITED' } });
      const itsManager = await createUser(stack.sql);
      await addPracticeRole(stack.sql, mine.id, itsManager.id, 'PM');
      const number = `QRS${Date.now().toString().slice(-10)}`;
      const ownNumber = `${number.slice(0, 8)}ZZZZZ`;
      const ownId = await createStaff(stack.sql, mine.id, { registrationNum: ownNumber });
      const otherId = await createStaff(stack.sql, theirs.id, {
        registrationNum: number,
        lastName: 'Haddad',
      });
      const find = async (r: string) =>
        (
          await stack.gql<{ findStaffByRegistration: Array<Record<string, unknown>> }>(itsManager, FIND, {
            r,
          })
        ).data!.findStaffByRegistration.map((row) => [row.id, row.last_name, row.registration_num]);
      // Their own staff match from 6 characters; the other practice's GP not until 11 of 13 are typed.
      expect(await find(number.slice(0, 6))).toEqual([[ownId, 'Staff', ownNumber]]);
      expect(await find(number.slice(0, 8))).toEqual([[ownId, 'Staff', ownNumber]]);
      expect(await find(number.slice(0, 10))).toEqual([]);
      expect(await find(number.slice(3))).toEqual([]);
      expect(await find(number.slice(0, 11))).toEqual([[otherId, 'Haddad', null]]);
      expect(await find(number.slice(2))).toEqual([[otherId, 'Haddad', null]]);
      expect(await find(number)).toEqual([[otherId, 'Haddad', number]]);
    });

    it('looks across practices only for a manager of a practice the provider has taken on', async () => {
      // Anyone who signs up can add a practice (an application) and manage it at once.
      const application = await createPractice(stack.sql);
      const newcomer = await createUser(stack.sql);
      await addPracticeRole(stack.sql, application.id, newcomer.id, 'PM');
      const own = await createStaff(stack.sql, application.id, { registrationNum: `NEW${Date.now()}` });
      const ownNumber = (await staffRow(own)).registration_num as string;
      const find = async (r: string) =>
        (
          await stack.gql<{ findStaffByRegistration: Array<{ id: number; email: string | null }> }>(
            newcomer,
            FIND,
            { r },
          )
        ).data!.findStaffByRegistration;
      // Mei's full number tells a new application's manager nothing; their own register still answers.
      expect(await find(meiNumber)).toEqual([]);
      expect((await find(ownNumber)).map((row) => row.id)).toEqual([own]);
      for (const status of ['PAYMENT_PENDING', 'WITHDRAWN']) {
        await stack.sql.query('update practices set status = $2 where organisation_id = $1', [
          application.id,
          status,
        ]);
        expect([status, await find(meiNumber)]).toEqual([status, []]);
      }
      // Once the provider has taken the practice on (its accreditation in progress), the look-up is the spec's.
      await stack.sql.query(`update practices set status = 'IN_PROGRESS' where organisation_id = $1`, [
        application.id,
      ]);
      expect(await find(meiNumber)).toEqual([
        expect.objectContaining({ id: mei, email: 'mei.green@riverbend.example' }),
      ]);
    });

    it("counts a practice manager's look-ups: 60 an hour, then a clear refusal; the back office is not counted", async () => {
      const lookups = async (userId: number) =>
        Number(
          (await stack.sql.query('select count(*) from registration_lookups where user_id = $1', [userId]))
            .rows[0].count,
        );
      const { pm: busy } = await createManagedPractice(stack.sql, { practice: { status: 'ACCREDITED' } });
      const busyId = busy.id;
      expect((await stack.gql(busy, FIND, { r: meiNumber })).errors).toBeUndefined();
      expect(await lookups(busyId)).toBe(1);
      // 59 more within the hour (as a busy hour would leave them).
      await stack.sql.query(
        `insert into registration_lookups (user_id, looked_up_at)
         select $1, now() - interval '50 minutes' from generate_series(1, 59)`,
        [busyId],
      );
      const refused = await stack.gql(busy, FIND, { r: meiNumber });
      expect(refused.errors?.[0]).toMatchObject({
        message:
          'You have looked up many registration numbers in the last hour. Type the details in, or try again later.',
        extensions: { code: 'rate_limited' },
      });
      expect(await lookups(busyId)).toBe(60);
      // Two at once at the limit: neither gets through, and nothing is counted for them.
      const both = await Promise.all([
        stack.gql(busy, FIND, { r: meiNumber }),
        stack.gql(busy, FIND, { r: meiNumber }),
      ]);
      expect(both.map((answer) => answer.errors?.[0]?.extensions?.code)).toEqual([
        'rate_limited',
        'rate_limited',
      ]);
      expect(await lookups(busyId)).toBe(60);
      // An hour later the older ones no longer count.
      await stack.sql.query(
        `update registration_lookups set looked_up_at = now() - interval '61 minutes' where user_id = $1`,
        [busyId],
      );
      expect((await stack.gql(busy, FIND, { r: meiNumber })).errors).toBeUndefined();
      // A QAM is never counted (the back office reads every register anyway).
      await stack.sql.query(
        'insert into registration_lookups (user_id) select $1 from generate_series(1, 60)',
        [qam.id],
      );
      expect((await stack.gql(qam, FIND, { r: meiNumber })).data!.findStaffByRegistration).toHaveLength(1);
    });
  });

  it('answers a staff member of a practice the caller cannot see exactly like a missing one', async () => {
    // Mei belongs to riverbend, where manager has no role.
    const missing = [{ message: 'There is no such staff member.', extensions: { code: 'not_found' } }];
    for (const [query, variables] of [
      [ARCHIVE, { id: mei }],
      [VERIFY, { id: mei, verified: true }],
      [ARCHIVE, { id: 999_999 }],
      [VERIFY, { id: 999_999, verified: true }],
    ] as const) {
      const result = await stack.gql(manager, query, variables);
      expect([variables, result.errors]).toEqual([variables, missing]);
    }
    expect((await staffRow(mei)).archived).toBe(false);
  });

  it('the registration look-up follows practiceStaff.changeStaff: back office yes, no practice role no', async () => {
    const byQam = await stack.gql<{ findStaffByRegistration: Array<{ id: number }> }>(qam, FIND, {
      r: meiNumber,
    });
    expect(byQam.data!.findStaffByRegistration.map((row) => row.id)).toEqual([mei]);
    const byNewUser = await stack.gql<{ findStaffByRegistration: unknown[] }>(newUser, FIND, {
      r: meiNumber,
    });
    expect(byNewUser.data!.findStaffByRegistration).toEqual([]);
  });

  it('a practice manager of an inactive practice has no staff rights there', async () => {
    const practice = await createPractice(stack.sql, { activeStatus: 'INACTIVE' });
    const user = await createUser(stack.sql);
    await addPracticeRole(stack.sql, practice.id, user.id, 'PM');
    const token = await stack.tokenFor(user.email, user.password);
    const response = await fetch(stack.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: SAVE, variables: { practiceId: practice.id, staff: gp() } }),
    });
    const body = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    expect(body.errors?.[0]?.extensions?.code).toBe('not_found');
  });
});
