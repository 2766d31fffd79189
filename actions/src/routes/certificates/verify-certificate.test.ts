import { addYearsToWireDate, CONTROL_CHARACTER_MESSAGE, portalToday, VERIFY_MESSAGES } from '@portal/domain';
import {
  createAddress,
  createBranchPractice,
  createCertificate,
  createPractice,
} from '@portal/testkit/factories';
import { createTestContext, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The public certificate check (GET /api/certificates/verify/:code), no sign-in, on certificates
// made here: what it says per state, that it says only what the certificate prints, and its refusals.

let context: TestContext;
let practiceId: number;
const TODAY = portalToday();
beforeAll(async () => {
  context = await createTestContext();
  const address = await createAddress(context.sql, {
    street: '5 Bay Road',
    suburb: 'Manly',
    state: 'NSW',
    postcode: '2095',
  });
  practiceId = (
    await createPractice(context.sql, {
      name: 'Bayside Doctors',
      organisation: { physical_address_id: address.id, legal_entity_name: 'Bayside Pty Ltd' },
    })
  ).id;
}, 60_000);
afterAll(() => context?.close());

const verify = (code: string) =>
  context.app.inject({ method: 'GET', url: `/api/certificates/verify/${code}` });

async function certificate(code: string, columns: Record<string, unknown> = {}) {
  return createCertificate(context.sql, practiceId, {
    name: 'Bayside Doctors',
    issuing_provider: 'Demo Accreditation Provider',
    verification_code: code,
    certificate_number: `ACC-2026-${code.slice(0, 4)}`,
    certification_date: TODAY,
    issue_date: TODAY,
    expiry_date: addYearsToWireDate(TODAY, 3),
    condition: 'Until the surveillance visit.',
    ...columns,
  });
}

describe('GET /api/certificates/verify/:code', () => {
  it('confirms a current certificate with only what it prints, however the code is typed', async () => {
    await certificate('CURR-ENTA-AAAA');
    const answer = await verify('curr%20enta%20aaaa');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({
      state: 'current',
      verdict: 'Genuine and current',
      certificateNumber: 'ACC-2026-CURR',
      type: 'Accreditation',
      practiceName: 'Bayside Doctors',
      tradingName: 'Bayside Doctors',
      locations: ['5 Bay Road, Manly NSW 2095'],
      issuingProvider: 'Demo Accreditation Provider',
      certificationDate: TODAY,
      issueDate: TODAY,
      commencementDate: null,
      expiryDate: addYearsToWireDate(TODAY, 3),
      condition: 'Until the surveillance visit.',
    });
  });

  it("lists every site: the practice's address, then each active branch's by suburb", async () => {
    const main = await createPractice(context.sql, {
      name: 'Coastal Doctors',
      organisation: {
        physical_address_id: (
          await createAddress(context.sql, { unit: 'Suite 2', street: '1 Ocean Street', suburb: 'Narrabeen' })
        ).id,
      },
    });
    await createBranchPractice(context.sql, main.id, { street: '40 Pittwater Road', suburb: 'Mona Vale' });
    await createBranchPractice(context.sql, main.id, { street: '7 Pacific Parade', suburb: 'Dee Why' });
    await createBranchPractice(
      context.sql,
      main.id,
      { street: '2 Shut Street', suburb: 'Avalon' },
      { activeStatus: 'INACTIVE' },
    );
    await createCertificate(context.sql, main.id, {
      name: 'Coastal Doctors',
      issuing_provider: 'Demo Accreditation Provider',
      verification_code: 'SITE-SAAA-AAAA',
      certification_date: TODAY,
      issue_date: TODAY,
      expiry_date: addYearsToWireDate(TODAY, 3),
    });
    expect((await verify('SITE-SAAA-AAAA')).json().locations).toEqual([
      'Suite 2, 1 Ocean Street, Narrabeen NSW 2000',
      '7 Pacific Parade, Dee Why NSW 2000',
      '40 Pittwater Road, Mona Vale NSW 2000',
    ]);
  });

  it('keeps a practice from being its own main and a main practice from having one', async () => {
    const branch = await createBranchPractice(context.sql, practiceId, { suburb: 'Curl Curl' });
    await expect(
      context.sql.query(
        'update practices set main_practice_id = organisation_id where organisation_id = $1',
        [branch.id],
      ),
    ).rejects.toThrow(/practices_main_practice_not_self/);
    const other = await createPractice(context.sql);
    await expect(
      context.sql.query('update practices set main_practice_id = $1 where organisation_id = $2', [
        practiceId,
        other.id,
      ]),
    ).rejects.toThrow(/practices_main_practice_only_branch/);
  });

  it('says superseded, revoked and expired', async () => {
    await certificate('SUPE-RSED-EDAA', { validity: 'SUPERSEDED' });
    await certificate('REVO-KEDA-AAAA', { validity: 'REVOKED' });
    await certificate('EXPI-REDA-AAAA', {
      certification_date: '2020-01-01',
      issue_date: '2020-01-01',
      expiry_date: '2023-01-01',
    });
    expect((await verify('SUPE-RSED-EDAA')).json()).toMatchObject({
      state: 'superseded',
      verdict: VERIFY_MESSAGES.verdict.superseded,
    });
    expect((await verify('REVO-KEDA-AAAA')).json()).toMatchObject({ state: 'revoked' });
    expect((await verify('EXPI-REDA-AAAA')).json()).toMatchObject({
      state: 'expired',
      expiryDate: '2023-01-01',
    });
  });

  it('answers 404 for an unknown code and 400 for one that cannot be a code', async () => {
    const unknown = await verify('ZZZZ-ZZZZ-ZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: VERIFY_MESSAGES.notFound });
    for (const bad of ['ABC', 'ABCD-EFGH-JK2%21', `${'A'.repeat(65)}`, "x'%20or%201=1--"]) {
      const refused = await verify(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().code, bad).toBe('invalid_input');
    }
    expect((await verify('ABCD-EFGH-JK2%21')).json().message).toBe(VERIFY_MESSAGES.malformed);
  });

  it('refuses look-alike unicode, control characters, SQL and padding with the malformed message', async () => {
    await certificate('LOOK-ALIK-EAAI');
    expect((await verify('look-alik-eaai')).statusCode).toBe(200);
    for (const bad of [
      'LOOK-ALIK-EAA\u0131', // dotless i upper-cases to I
      'LOOK-ALIK-EAA\uff29', // full-width I
      'LOOK-ALIK-EAAI\u202e',
      "LOOK-ALIK-EAAI' or '1'='1",
      "'; select pg_sleep(5); --",
      `LOOK-ALIK-EAAI${' '.repeat(51)}`,
      'LOOK-ALIK-EAA',
      'LOOK-ALIK-EAAII',
    ]) {
      const refused = await verify(encodeURIComponent(bad));
      expect([bad, refused.statusCode], bad).toEqual([bad, 400]);
      expect(refused.json(), bad).toEqual({ code: 'invalid_input', message: VERIFY_MESSAGES.malformed });
    }
    // A control character is refused by the request guard, before the route, naming the field.
    const nul = await verify(encodeURIComponent('LOOK-ALIK-EAAI\u0000'));
    expect([nul.statusCode, nul.json().code, nul.json().fields]).toEqual([
      400,
      'invalid_input',
      { code: CONTROL_CHARACTER_MESSAGE },
    ]);
    const huge = await verify('A'.repeat(5000));
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
  });

  it('is rate-limited per address', async () => {
    const limited = await createTestContext({ VERIFY_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: '/api/certificates/verify/ZZZZ-ZZZZ-ZZZZ' }))
            .statusCode,
        );
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
