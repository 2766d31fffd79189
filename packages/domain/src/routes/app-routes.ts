/**
 * The web app's own paths (spec 000 §2): one pattern per screen, which the router's table mounts,
 * and the builders every link, redirect and e-mail uses, made from the same patterns. A pattern is
 * written as react-router takes it (relative to its parent route, `:name` a parameter, `:name?` an
 * optional one); a builder fills it and puts the leading slash in front.
 */

/** The patterns of the route table, each relative to the route it is mounted under. */
export const APP_ROUTES = {
  login: 'Login/:invitationToken?',
  signup: 'signup/:invitationToken?',
  reset: 'Reset',
  /** Ours (the spec has no route for it): the link of the sign-up e-mail. */
  confirmEmail: 'ConfirmEmail',
  /** The back end hands the browser's session to the app here (see `session-handoff.ts`). */
  backendHandoff: 'redirect-from-backend',
  loginFromBackend: 'login-from-backend',
  invite: 'Practice/Invite/:invitationToken',
  /** Ours: the public check of a certificate, no sign-in. */
  verify: 'verify/:code?',
  changePassword: 'ChangePassword',
  accountSettings: 'AccountSettings/:id',
  addPractice: 'Practice/Add',
  /** The same page under the address older links use. */
  addPracticeAlias: 'add-practice',
  practiceList: 'Practice/List',
  practiceOverview: 'PracticeOverview/:id',
  practiceDetails: 'Practice/Details/:id',
  surveyConfirmation: 'Practice/SurveyConfirmation/:id',
  reapplication: 'Practice/Reapplication/:id',
  dashboard: 'Dashboard',
  factsheets: 'Factsheets',
  resources: 'Resources',
  webinars: 'Webinars',
  webinarsCallback: 'GoToWebinars/callback',
  comparativeReport: 'Reports/Comparative',
  managementReport: 'Reports/Management',
  analyticsReport: 'Reports/Analytics',
  surveyPlanning: 'SurveyVisits/Planning',
  /** Ours (spec 000 §2 sends surveyors to a backend page): the surveyor's offers. */
  surveyOffers: 'SurveyVisits/Offers',
  preferredDays: 'SurveyVisits/:id/PreferredDays',
} as const;

/** The tabs of a practice's overview, mounted under `APP_ROUTES.practiceOverview`. */
export const PRACTICE_TABS = {
  staff: 'Staff',
  documents: 'Documents',
  accreditation: 'Accreditation',
} as const;
export type TPracticeTab = (typeof PRACTICE_TABS)[keyof typeof PRACTICE_TABS];

/** The assessment screen, mounted under `APP_ROUTES.practiceOverview` (spec 001 §2). */
export const ASSESSMENT_ROUTE = `${PRACTICE_TABS.accreditation}/Assessment/:assessmentId/:indicatorSetId?/:indicatorId?`;

type TRouteParams = Record<string, string | number | null | undefined>;

/**
 * A pattern with its parameters filled in, as an absolute path: each value is escaped; an
 * optional parameter without a value is left out with its slash.
 */
export function fillRoute(pattern: string, params: TRouteParams = {}): string {
  const segments = pattern.split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment];
    const optional = segment.endsWith('?');
    const name = segment.slice(1, optional ? -1 : undefined);
    const value = params[name];
    if (optional && (value === undefined || value === null || value === '')) return [];
    return [encodeURIComponent(String(value ?? ''))];
  });
  return `/${segments.join('/')}`;
}

/** The sign-in page, with the invitation it was opened for. */
export const loginPath = (invitationToken?: string) => fillRoute(APP_ROUTES.login, { invitationToken });
/** The sign-up page, with the invitation it was opened for. */
export const signupPath = (invitationToken?: string) => fillRoute(APP_ROUTES.signup, { invitationToken });
export const RESET_PATH = fillRoute(APP_ROUTES.reset);
export const CONFIRM_EMAIL_PATH = fillRoute(APP_ROUTES.confirmEmail);
/** The app's route the back end hands over to (spec 000 §2). */
export const BACKEND_HANDOFF_ROUTE = fillRoute(APP_ROUTES.backendHandoff);
/** Where an e-mailed invitation is accepted (the web route /Practice/Invite/:invitationToken). */
export const invitationPath = (token: string) => fillRoute(APP_ROUTES.invite, { invitationToken: token });
/** The public verify page's path for a code. */
export const verifyRoute = (code?: string) => fillRoute(APP_ROUTES.verify, { code });
/** The header's Change password link, with the trailing slash the spec's address has. */
export const CHANGE_PASSWORD_PATH = `${fillRoute(APP_ROUTES.changePassword)}/`;
export const accountSettingsPath = (userId: number) => fillRoute(APP_ROUTES.accountSettings, { id: userId });
export const ADD_PRACTICE_PATH = fillRoute(APP_ROUTES.addPractice);
/** The practice list (where a signed-in user lands when nothing else is asked for). */
export const PRACTICE_LIST_PATH = fillRoute(APP_ROUTES.practiceList);
/** A practice's overview on one tab (param id = practice id). */
export const practiceOverviewPath = (practiceId: number, tab: TPracticeTab) =>
  `${fillRoute(APP_ROUTES.practiceOverview, { id: practiceId })}/${tab}`;
/** The Staff route of a practice (rows open it; param id = practice id). */
export const practiceStaffPath = (practiceId: number) =>
  practiceOverviewPath(practiceId, PRACTICE_TABS.staff);
/** A practice's Accreditation tab (its assessments and certificates). */
export const accreditationPath = (practiceId: number) =>
  practiceOverviewPath(practiceId, PRACTICE_TABS.accreditation);
/** The Assessment route of a practice's assessment (spec 001 §2), on one indicator when given. */
export const assessmentPath = (
  practiceId: number,
  assessmentId: number,
  indicatorSetId?: number | null,
  indicatorId?: number | null,
) =>
  `${fillRoute(APP_ROUTES.practiceOverview, { id: practiceId })}${fillRoute(ASSESSMENT_ROUTE, {
    assessmentId,
    indicatorSetId,
    indicatorId,
  })}`;
export const practiceDetailsPath = (practiceId: number) =>
  fillRoute(APP_ROUTES.practiceDetails, { id: practiceId });
/** A practice's survey confirmation page (spec 000 §2; the confirmation e-mail and form link to it). */
export const surveyConfirmationRoute = (practiceId: number) =>
  fillRoute(APP_ROUTES.surveyConfirmation, { id: practiceId });
export const reapplicationPath = (practiceId: number) =>
  fillRoute(APP_ROUTES.reapplication, { id: practiceId });
export const DASHBOARD_PATH = fillRoute(APP_ROUTES.dashboard);
export const FACTSHEETS_PATH = fillRoute(APP_ROUTES.factsheets);
export const RESOURCES_PATH = fillRoute(APP_ROUTES.resources);
/** The web app's webinar pages: the list and the provider's OAuth 2.0 redirect back (spec 000 §2). */
export const WEBINARS_ROUTE = fillRoute(APP_ROUTES.webinars);
export const WEBINARS_CALLBACK_ROUTE = fillRoute(APP_ROUTES.webinarsCallback);
export const COMPARATIVE_REPORT_PATH = fillRoute(APP_ROUTES.comparativeReport);
export const MANAGEMENT_REPORT_PATH = fillRoute(APP_ROUTES.managementReport);
export const ANALYTICS_REPORT_PATH = fillRoute(APP_ROUTES.analyticsReport);
export const SURVEY_PLANNING_PATH = fillRoute(APP_ROUTES.surveyPlanning);
export const SURVEY_OFFERS_PATH = fillRoute(APP_ROUTES.surveyOffers);
/** A surveyor's preferred days for a visit (spec 000 §2 SurveyVisitPreferredDays; e-mails link to it). */
export const preferredDaysRoute = (visitId: number) => fillRoute(APP_ROUTES.preferredDays, { id: visitId });
