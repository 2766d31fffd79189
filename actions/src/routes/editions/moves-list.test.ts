import { createMappedEditions } from '@portal/testkit/edition-factories';
import {
  addPracticeRole,
  createAccreditation,
  createAddress,
  createAssessment,
  createNetwork,
  createPractice,
  createUser,
} from '@portal/testkit/factories';
import { signIn } from '@portal/testkit/test-app';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The move screen's reads (docs/decisions/editions.md, "The admin area's screens"): the recent moves
// with whether each can still be undone, and what may be chosen to move with a mapping.
let stack: TestStack;
let adminToken: string;
let editions: Awaited<ReturnType<typeof createMappedEditions>>;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  const admin = await createUser(stack.sql, { isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
  adminToken = (await signIn(stack.app, admin.email, admin.password)).accessToken;
  editions = await createMappedEditions(stack.sql);
});
afterAll(() => stack?.close());

const call = (method: 'GET' | 'POST', url: string, token: string | null = adminToken, body?: unknown) =>
  stack.app.inject({
    method,
    url: `/api/admin/editions/moves${url}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

/** A practice in a network and a state, with a self assessment in progress on the older edition. */
async function practiceOnOlder(state = 'WA') {
  const network = await createNetwork(stack.sql);
  const address = await createAddress(stack.sql, { state });
  const practice = await createPractice(stack.sql, {
    organisation: { physical_address_id: address.id },
    practice: { network_id: network.id, is_in_practice_network: true },
  });
  const accreditation = await createAccreditation(stack.sql, practice.id, {
    survey_version_id: editions.older.id,
  });
  const assessment = await createAssessment(stack.sql, accreditation.id);
  return { network, practice, accreditation, assessment };
}

describe('the move screen’s reads', () => {
  it('lists the assessments in progress on the older edition, with their networks and states counted', async () => {
    const p = await practiceOnOlder('NT');
    const done = await practiceOnOlder('NT');
    await stack.sql.query(`update assessments set status = 'COMPLETED' where id = $1`, [done.assessment.id]);
    const response = await call('GET', `/choices?mappingId=${editions.mappingId}`);
    expect(response.statusCode, response.body).toBe(200);
    const choices = response.json();
    const ids = choices.assessments.map((a: { assessmentId: number }) => a.assessmentId);
    expect(ids).toContain(p.assessment.id);
    expect(ids).not.toContain(done.assessment.id);
    expect(
      choices.assessments.find((a: { assessmentId: number }) => a.assessmentId === p.assessment.id),
    ).toMatchObject({
      accreditationId: p.accreditation.id,
      practice: { id: p.practice.id },
      network: p.network.name,
      state: 'NT',
    });
    expect(choices.networks).toContainEqual({ id: p.network.id, name: p.network.name, assessments: 1 });
    expect(choices.networks.map((n: { id: number }) => n.id)).not.toContain(done.network.id);
    expect(choices.states.find((s: { state: string }) => s.state === 'NT')?.assessments).toBeGreaterThan(0);
  });

  it('lists a move with who made it, undoable until the copy is edited, and undone after an undo', async () => {
    const p = await practiceOnOlder();
    const moved = await call('POST', '', adminToken, {
      mappingId: editions.mappingId,
      assessmentIds: [p.assessment.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const { moveId, movedTo } = moved.json().moved[0];
    const listed = async () =>
      (await call('GET', `?mappingId=${editions.mappingId}`))
        .json()
        .moves.find((m: { id: number }) => m.id === moveId);
    expect(await listed()).toMatchObject({
      mappingId: editions.mappingId,
      from: editions.older.code,
      to: editions.newer.code,
      assessmentId: p.assessment.id,
      movedTo,
      practice: { id: p.practice.id },
      movedBy: 'Ada Admin',
      undoneAt: null,
      undoable: true,
    });
    expect((await listed()).movedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // Undone: listed as such, no longer undoable.
    expect((await call('POST', `/${moveId}/undo`, adminToken, {})).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ movedTo: null, undoneBy: 'Ada Admin', undoable: false });

    // Moved again and then edited: listed, not undoable.
    const again = (
      await call('POST', '', adminToken, { mappingId: editions.mappingId, assessmentIds: [p.assessment.id] })
    ).json().moved[0];
    await stack.sql.query(
      `update indicator_responses set observation = 'Edited after the move.' where assessment_id = $1`,
      [again.movedTo],
    );
    const list = (await call('GET', '')).json().moves;
    expect(list[0]).toMatchObject({ id: again.moveId, undoable: false });
  });

  it('refuses no token, a forged token and a practice manager; a QAM reads; bad ids are refused', async () => {
    const pm = await createUser(stack.sql);
    const practice = await createPractice(stack.sql);
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    const qam = await createUser(stack.sql, { isQam: true });
    const pmToken = (await signIn(stack.app, pm.email, pm.password)).accessToken;
    const qamToken = (await signIn(stack.app, qam.email, qam.password)).accessToken;
    const choices = `/choices?mappingId=${editions.mappingId}`;
    for (const url of ['', choices]) {
      expect((await call('GET', url, null)).statusCode).toBe(401);
      expect((await call('GET', url, `${adminToken.slice(0, -4)}abcd`)).statusCode).toBe(401);
      expect((await call('GET', url, pmToken)).statusCode).toBe(403);
      expect((await call('GET', url, qamToken)).statusCode).toBe(200);
    }
    // Re-read on each request: a QAM no longer active is refused with the same token (the sign-in's
    // check answers 401 before the route's 403).
    await stack.sql.query('update users set is_active = false where id = $1', [qam.id]);
    expect([401, 403]).toContain((await call('GET', '', qamToken)).statusCode);
    for (const url of ['?mappingId=abc', '?mappingId=0', '?mappingId=99999999999', '?colour=1', '/choices'])
      expect((await call('GET', url)).statusCode, url).toBe(400);
    expect((await call('GET', '/choices?mappingId=99999999')).statusCode).toBe(404);
  });
});
