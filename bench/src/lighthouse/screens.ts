import { createUser } from '@portal/e2e/support/factories';
import type pg from 'pg';
import { createBenchAssessment } from '../assessment/assessment-data.ts';

/** Who opens a screen: nobody (signed out), or a user signed in through `/api/auth/login`. */
export type Viewer = { email: string; password: string } | null;

/** One screen Lighthouse measures: its address and the user it is measured as. */
export interface LighthouseScreen {
  name: ScreenName;
  title: string;
  path: string;
  viewer: Viewer;
  /** The viewer's role, for the report. */
  role: string;
}

export const SCREEN_NAMES = [
  'sign-in',
  'practice-list',
  'practice-overview',
  'assessment',
  'documents',
  'reports',
] as const;
export type ScreenName = (typeof SCREEN_NAMES)[number];

/**
 * The screens named in `wanted`, with the data they show made for the run with the factories (only
 * when a screen needs it: sign-in needs none): the assessment bench's practice, practice manager
 * and 150-indicator self assessment (10 sets of 15), and a QAM of the back office (the practice
 * list and the management report are theirs; spec 000 §2, spec 002 reports).
 */
export async function lighthouseScreens(
  sql: pg.Pool,
  wanted: readonly ScreenName[] = SCREEN_NAMES,
): Promise<LighthouseScreen[]> {
  const signIn: LighthouseScreen = {
    name: 'sign-in',
    title: 'Sign in',
    path: '/Login',
    viewer: null,
    role: 'signed out',
  };
  if (wanted.every((name) => name === 'sign-in')) return wanted.map(() => signIn);
  const data = await createBenchAssessment(sql, { sets: 10, indicatorsPerSet: 15 });
  const qam = await createUser(sql, { isQam: true, firstName: 'Helen', lastName: 'Lighthouse' });
  const pm = { email: data.pm.email, password: data.pm.password };
  const PM = 'practice manager';
  const overview = `/PracticeOverview/${data.practiceId}`;
  const screens: Record<ScreenName, Omit<LighthouseScreen, 'name'>> = {
    'sign-in': signIn,
    'practice-list': { title: 'Practice list', path: '/Practice/List', viewer: qam, role: 'QAM' },
    'practice-overview': {
      title: 'Practice overview, Staff tab',
      path: `${overview}/Staff`,
      viewer: pm,
      role: PM,
    },
    assessment: {
      title: `Assessment screen, ${data.counts.indicators} indicators`,
      path: `${overview}/Accreditation/Assessment/${data.assessmentId}`,
      viewer: pm,
      role: PM,
    },
    documents: { title: 'Documents tab', path: `${overview}/Documents`, viewer: pm, role: PM },
    reports: { title: 'Management report', path: '/Reports/Management', viewer: qam, role: 'QAM' },
  };
  return wanted.map((name) => ({ ...screens[name], name }));
}
