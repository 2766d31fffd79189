/**
 * The dashboard's requests, for the reports benchmark (the dashboard's p95 against
 * 100 ms on the 20,000-practice data): one case per role scope, each the document the page sends
 * (the live queries as queries: a live query's poll runs the same statement), its variables from
 * the domain, and the SQL that picks the busiest user of that role in the data set. The lead's
 * `npm run bench -- reports` runs them with each user's session (`x-hasura-role` as `role`).
 */
import {
  BACK_OFFICE_QUEUE_LIMIT,
  backOfficeQueueVariables,
  backOfficeQueueWhere,
  practiceManagerQueueVariables,
  surveyorQueueWhere,
} from '@portal/domain';
import { GetBackOfficeQueueQuery } from '@portal/web/dashboard-api/get-back-office-queue';
import { GetCertifyQueueQuery } from '@portal/web/dashboard-api/get-certify-queue';
import { BackOfficeChangesSubscription } from '@portal/web/dashboard-api/subscribe-back-office-changes';
import { PracticeManagerQueueSubscription } from '@portal/web/dashboard-api/subscribe-practice-manager-queue';
import { SurveyorQueueSubscription } from '@portal/web/dashboard-api/subscribe-surveyor-queue';
import { VisitsToPlanChangesSubscription } from '@portal/web/dashboard-api/subscribe-visits-to-plan-changes';
import { type DocumentNode, print } from 'graphql';

export interface DashboardCase {
  name: string;
  /** The Hasura role of the request. */
  role: 'user' | 'qam' | 'provider_admin';
  /** Picks the user: one row with `id`. */
  pickUserSql: string;
  query: string;
  variables(userId: number, today: string): Record<string, unknown>;
}

const asQuery = (document: DocumentNode) => print(document).replace(/^subscription /, 'query ');

const BUSIEST_PM = `select user_id as id from practice_users where role = 'PM' and active
  group by user_id order by count(*) desc, user_id limit 1`;
const BUSIEST_SURVEYOR = `select user_id as id from survey_visitors where status <> 'DECLINED'
  group by user_id order by count(*) desc, user_id limit 1`;
const BUSIEST_QAM = `select qam_id as id from accreditations where qam_id is not null and not archived
  group by qam_id order by count(*) desc, qam_id limit 1`;
const AN_ADMIN = 'select id from users where is_admin and is_active order by id limit 1';

const backOffice = (role: 'qam' | 'provider_admin') => (userId: number, today: string) =>
  backOfficeQueueVariables(userId, role, today);

export const DASHBOARD_CASES: readonly DashboardCase[] = [
  {
    name: 'dashboard: practice manager queue',
    role: 'user',
    pickUserSql: BUSIEST_PM,
    query: asQuery(PracticeManagerQueueSubscription),
    variables: (userId, today) => practiceManagerQueueVariables(userId, today),
  },
  {
    name: 'dashboard: surveyor queue',
    role: 'user',
    pickUserSql: BUSIEST_SURVEYOR,
    query: asQuery(SurveyorQueueSubscription),
    variables: (userId) => ({ where: surveyorQueueWhere(userId), userId }),
  },
  {
    name: 'dashboard: QAM queue',
    role: 'qam',
    pickUserSql: BUSIEST_QAM,
    query: print(GetBackOfficeQueueQuery),
    variables: backOffice('qam'),
  },
  {
    name: "dashboard: provider admin's QAM queue",
    role: 'provider_admin',
    pickUserSql: AN_ADMIN,
    query: print(GetBackOfficeQueueQuery),
    variables: backOffice('provider_admin'),
  },
  {
    name: 'dashboard: provider admin certification queue',
    role: 'provider_admin',
    pickUserSql: AN_ADMIN,
    query: print(GetCertifyQueueQuery),
    variables: (userId, today) => ({
      toCertify: backOfficeQueueWhere(userId, 'provider_admin', today).toCertify,
      limit: BACK_OFFICE_QUEUE_LIMIT,
    }),
  },
  {
    name: 'dashboard: QAM change signal (assessments)',
    role: 'qam',
    pickUserSql: BUSIEST_QAM,
    query: asQuery(BackOfficeChangesSubscription),
    variables: (userId, today) => {
      const where = backOfficeQueueWhere(userId, 'qam', today);
      return { where: { _or: [where.reviews, where.overdue] } };
    },
  },
  {
    name: 'dashboard: QAM change signal (visits to plan)',
    role: 'qam',
    pickUserSql: BUSIEST_QAM,
    query: asQuery(VisitsToPlanChangesSubscription),
    variables: (userId, today) => ({ where: backOfficeQueueWhere(userId, 'qam', today).toPlan }),
  },
];
