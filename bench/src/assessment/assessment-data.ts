import { createAccreditation, createResponse } from '@portal/testkit/assessment-factories';
import { addPracticeRole, createAssessment, createPractice, createUser } from '@portal/testkit/factories';
import type pg from 'pg';

/**
 * The assessment the bench opens: a practice, its practice manager, a survey version of
 * `indicators` indicators in `sets` sets (2–3 checklist questions of 2–4 items each), and a self
 * assessment IN_PROGRESS with about half the indicators answered, observations and comments.
 * Deterministic (a seeded generator), made through the actions' factories where they fit; the
 * standards' wording is taken from the demo edition (GPS-6, hasura/seeds/default/30_standards.sql)
 * so questions and items have the lengths of real ones.
 */
export interface BenchAssessment {
  practiceId: number;
  assessmentId: number;
  pm: { email: string; password: string; name: string };
  /** Indicator set ids, in the screen's order. */
  setIds: number[];
  /** Indicator ids of the first set, in order, with their response ids. */
  firstSet: Array<{ indicatorId: number; responseId: number; observation: string | null }>;
  counts: {
    sets: number;
    indicators: number;
    questions: number;
    items: number;
    answered: number;
    observations: number;
    comments: number;
    resources: number;
  };
}

/** mulberry32: a small seeded generator, so every run opens the same assessment. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

const SET_NAMES = [
  'Core: Communication and patient participation',
  'Core: Rights and needs of patients',
  'Core: Practice governance and management',
  'Core: Health promotion and preventive care',
  'Quality improvement',
  'Clinical safety',
  'General practice only: Access to care',
  'General practice only: Comprehensive care',
  'General practice only: Qualifications of clinical team members',
  'General practice only: Reducing the risk of infection',
];

const OBSERVATIONS = [
  'The patient information leaflet was last reviewed in 2023 and still lists the old after-hours number; update it and record the review date.',
  'Interpreter bookings are made by reception but not always recorded in the clinical file. Add a field to the booking template.',
  'Consider a quarterly audit of consent documentation for procedures, with the results discussed at the clinical meeting.',
  'The vaccine refrigerator log has gaps on two weekends in March. A second data logger with alerts would close that gap.',
  'Induction records for the two new receptionists are incomplete: privacy training is not signed off.',
  'Feedback from the patient survey is collected but no actions are recorded against it.',
  'Emergency trolley checks are weekly; the checklist should name who checks and where the record is kept.',
  'Good practice: the recall register is reviewed monthly by the nurse team leader.',
];

const COMMENTS = [
  'Our new patient leaflet is uploaded to the General folder.',
  'We ran a patient survey in March; results attached.',
  'Waiting for two GPs to send updated CPR certificates.',
  'Both GPs are booked into a CPR course next month; certificates to follow.',
  'We have started twice-daily temperature checks with a new log sheet, and the practice nurse reviews it every Friday.',
  'The policy was rewritten after the team meeting on 12 May; the minutes are in the Policies folder.',
  'Can someone confirm whether the telehealth consent script covers video and phone consultations?',
  'Done: privacy training completed by all reception staff, certificates uploaded.',
];

interface Wording {
  indicators: Array<{ name: string }>;
  questions: string[];
  items: string[];
}

/** The demo edition's wording, as the pool the generated standards draw from. */
async function loadWording(sql: pg.Pool): Promise<Wording> {
  const names = await sql.query<{ name: string }>(
    `select i.name from public.indicators i
       join public.indicator_sets s on s.id = i.indicator_set_id
       join public.survey_versions v on v.id = s.survey_version_id
      where v.code = 'GPS-6' order by i.id`,
  );
  const questions = await sql.query<{ text: string }>(
    'select distinct question_text as text from public.checklists order by 1',
  );
  const items = await sql.query<{ text: string }>(
    'select distinct item_text as text from public.checklist_items order by 1',
  );
  if (names.rows.length < 20 || questions.rows.length < 20 || items.rows.length < 40)
    throw new Error('the demo standards (GPS-6) are missing: the bench takes its wording from them');
  return {
    indicators: names.rows,
    questions: questions.rows.map((r) => r.text),
    items: items.rows.map((r) => r.text),
  };
}

/** Inserts rows given as JSON objects with one statement; returns the ids in order. */
async function insertRows(
  sql: pg.Pool,
  table: string,
  rows: Array<Record<string, unknown>>,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const list = columns.map((c) => `"${c}"`).join(', ');
  const { rows: ids } = await sql.query<{ id: number }>(
    `insert into public.${table} (${list})
     select ${list} from jsonb_populate_recordset(null::public.${table}, $1::jsonb) with ordinality as r
      order by r.ordinality
     returning id`,
    [JSON.stringify(rows)],
  );
  return ids.map((r) => r.id);
}

export async function createBenchAssessment(
  sql: pg.Pool,
  options: { sets: number; indicatorsPerSet: number; seed?: number },
): Promise<BenchAssessment> {
  const rng = seededRandom(options.seed ?? 13);
  const wording = await loadWording(sql);
  const practice = await createPractice(sql, { name: 'Harbourside Family Medical Centre' });
  const pm = await createUser(sql, { firstName: 'Bianca', lastName: 'Benchley' });
  await addPracticeRole(sql, practice.id, pm.id, 'PM');
  // Past the Staff tab's first-view intro: the overview opens on the staff register.
  await sql.query('update public.practices set is_staff_first_view = false where organisation_id = $1', [
    practice.id,
  ]);

  const tag = `B${Date.now().toString(36)}`;
  const { rows: versions } = await sql.query<{ id: number }>(
    'insert into public.survey_versions (code, name) values ($1, $2) returning id',
    [tag, `General Practice Standards, bench edition ${tag}`],
  );
  const surveyVersionId = versions[0]!.id;
  const setIds = await insertRows(
    sql,
    'indicator_sets',
    Array.from({ length: options.sets }, (_, s) => ({
      survey_version_id: surveyVersionId,
      name: SET_NAMES[s % SET_NAMES.length],
      full_code: `S${s + 1}`,
      sort_order: s * 10,
    })),
  );
  const indicatorRows = setIds.flatMap((setId, s) =>
    Array.from({ length: options.indicatorsPerSet }, (_, i) => ({
      indicator_set_id: setId,
      code: `S${s + 1}.${Math.floor(i / 2) + 1}${i % 2 ? 'B' : 'A'}`,
      name: rng.pick(wording.indicators).name,
      criterion_code: `S${s + 1}.${Math.floor(i / 2) + 1}`,
      sort_order: i * 10,
    })),
  );
  const indicatorIds = await insertRows(sql, 'indicators', indicatorRows);
  // 2–3 questions of 2–4 items; the first item of a question is a must-have, others now and then.
  const questionRows = indicatorIds.flatMap((indicatorId) =>
    Array.from({ length: rng.int(2, 3) }, (_, q) => ({
      indicator_id: indicatorId,
      question_number: q + 1,
      question_text: rng.pick(wording.questions),
    })),
  );
  const questionIds = await insertRows(sql, 'checklists', questionRows);
  const itemsPerQuestion = new Map<number, number>();
  const itemRows = questionIds.flatMap((checklistId) => {
    const count = rng.int(2, 4);
    itemsPerQuestion.set(checklistId, count);
    return Array.from({ length: count }, (_, n) => ({
      checklist_id: checklistId,
      item_number: n + 1,
      item_text: rng.pick(wording.items),
      must_have: n === 0 || rng.next() < 0.35,
    }));
  });
  await insertRows(sql, 'checklist_items', itemRows);
  // A guidance link on every fifth indicator, for practice managers.
  const resourceRows = indicatorIds
    .filter((_, i) => i % 5 === 0)
    .map((indicatorId, n) => ({
      indicator_id: indicatorId,
      name: `Guidance note ${n + 1}: what surveyors look for`,
      url: `https://example.org/guidance/${n + 1}`,
      for_pm: true,
      for_surveyor: true,
    }));
  await insertRows(sql, 'indicator_resources', resourceRows);

  const accreditationId = await createAccreditation(sql, practice.id, {
    surveyVersionId,
    isFirstView: false,
    selfAssessmentDue: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
  });
  const { id: assessmentId } = await createAssessment(sql, accreditationId, {
    due_date: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
  });

  // Every indicator has its response (as openAssessment makes them); about half are answered
  // (most marked complete with their items ticked, some not applicable), a few partly ticked.
  const questionsOf = new Map<number, Array<{ number: number; items: number }>>();
  questionRows.forEach((q, at) => {
    const list = questionsOf.get(q.indicator_id) ?? [];
    list.push({ number: q.question_number, items: itemsPerQuestion.get(questionIds[at]!)! });
    questionsOf.set(q.indicator_id, list);
  });
  const ticks = (indicatorId: number, share: number) =>
    Object.fromEntries(
      questionsOf
        .get(indicatorId)!
        .map((q) => [
          String(q.number),
          Object.fromEntries(
            Array.from({ length: q.items }, (_, n) => [String(n + 1), rng.next() < share]).filter(
              ([, t]) => t,
            ),
          ),
        ]),
    );
  let answered = 0;
  let observations = 0;
  const responses: Array<{ indicatorId: number; responseId: number; observation: string | null }> = [];
  for (const [at, indicatorId] of indicatorIds.entries()) {
    const roll = rng.next();
    // The first indicators of the first set stay blank: the bench types into them.
    const blank = at < options.indicatorsPerSet && at < 5;
    const choice = blank ? 'none' : roll < 0.4 ? 'complete' : roll < 0.5 ? 'na' : 'none';
    const observation = !blank && rng.next() < 0.3 ? rng.pick(OBSERVATIONS) : null;
    if (choice !== 'none') answered += 1;
    if (observation) observations += 1;
    const responseId = await createResponse(sql, assessmentId, indicatorId, {
      is_marked_complete: choice === 'complete',
      compliance: choice === 'na' ? 'NOT_APPLICABLE' : null,
      checklists: choice === 'complete' ? ticks(indicatorId, 1) : roll < 0.7 ? ticks(indicatorId, 0.5) : {},
      observation,
    });
    responses.push({ indicatorId, responseId, observation });
  }
  // Comments on about one response in six, 1 to 7 each (so some have 'load more').
  const commentRows = responses
    .filter(() => rng.next() < 1 / 6)
    .flatMap((r) =>
      Array.from({ length: rng.int(1, 7) }, (_, n) => ({
        practice_id: practice.id,
        indicator_response_id: r.responseId,
        comment: rng.pick(COMMENTS),
        practice_relationship: 'PRACTICE',
        created_by_id: pm.id,
        created_at: new Date(Date.now() - (n + 1) * 3_600_000).toISOString(),
      })),
    );
  await insertRows(sql, 'comments', commentRows);

  return {
    practiceId: practice.id,
    assessmentId,
    pm: { email: pm.email, password: pm.password, name: 'Bianca Benchley' },
    setIds,
    firstSet: responses.slice(0, options.indicatorsPerSet),
    counts: {
      sets: setIds.length,
      indicators: indicatorIds.length,
      questions: questionIds.length,
      items: itemRows.length,
      answered,
      observations,
      comments: commentRows.length,
      resources: resourceRows.length,
    },
  };
}
