import { APP_ROUTES, ASSESSMENT_ROUTE, PRACTICE_TABS } from '@portal/domain';
import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage, RouteErrorPage } from '../../components/route-error-page.tsx';
import { env } from '../../config/env.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { GraphqlRoutes, HomeRedirect, RequireSignedIn } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';

// Every screen is its own chunk (React.lazy), loaded with the 120 s time-out.
const SignupPage = lazyPage(() => import('../../features/auth/components/signup-page.tsx'), 'SignupPage');
const ConfirmEmailPage = lazyPage(
  () => import('../../features/auth/components/confirm-email-page.tsx'),
  'ConfirmEmailPage',
);
const ResetPage = lazyPage(() => import('../../features/auth/components/reset-page.tsx'), 'ResetPage');
// Once signed in, the GraphQL client is needed at once: fetched while the sign-in screen is shown.
const LoginPage = lazyPage(() => import('../../features/auth/components/login-page.tsx'), 'LoginPage', [
  SignupPage,
  ResetPage,
  GraphqlRoutes,
]);
const ChangePasswordPage = lazyPage(
  () => import('../../features/auth/components/change-password-page.tsx'),
  'ChangePasswordPage',
);
const RedirectFromBackendPage = lazyPage(
  () => import('../../features/auth/components/backend-handoff.tsx'),
  'RedirectFromBackendPage',
);
const LoginFromBackendPage = lazyPage(
  () => import('../../features/auth/components/backend-handoff.tsx'),
  'LoginFromBackendPage',
);
const VerifyPage = lazyPage(
  () => import('../../features/certificates/components/verify-page.tsx'),
  'VerifyPage',
);
const AccountSettingsPage = lazyPage(
  () => import('../../features/account/components/account-settings-page.tsx'),
  'AccountSettingsPage',
);
const InvitePage = lazyPage(
  () => import('../../features/invitations/components/invite-page.tsx'),
  'InvitePage',
);
const ResourcesPage = lazyPage(
  () => import('../../features/resources/components/resources-page.tsx'),
  'ResourcesPage',
);
const FactsheetsPage = lazyPage(
  () => import('../../features/resources/components/resources-page.tsx'),
  'FactsheetsPage',
);
const PracticeListPage = lazyPage(
  () => import('../../features/practices/components/practice-list-page.tsx'),
  'PracticeListPage',
);
const PracticeOverviewRoute = lazyPage(
  () => import('../../features/practices/components/practice-overview-page.tsx'),
  'PracticeOverviewRoute',
);
const PracticeDetailsPage = lazyPage(
  () => import('../../features/practices/components/practice-details-page.tsx'),
  'PracticeDetailsPage',
);
const PracticeReapplicationPage = lazyPage(
  () => import('../../features/practices/components/practice-details-page.tsx'),
  'PracticeReapplicationPage',
);
const AddPracticePage = lazyPage(
  () => import('../../features/practices/components/add-practice-page.tsx'),
  'AddPracticePage',
);
const SurveyConfirmationPage = lazyPage(
  () => import('../../features/practices/components/survey-confirmation-page.tsx'),
  'SurveyConfirmationPage',
);
const DashboardPage = lazyPage(
  () => import('../../features/dashboard/components/dashboard-page.tsx'),
  'DashboardPage',
);
const StaffTab = lazyPage(() => import('../../features/staff/index.ts'), 'StaffTab');
const DocumentsTab = lazyPage(
  () => import('../../features/documents/components/documents-tab.tsx'),
  'DocumentsTab',
);
const AccreditationTab = lazyPage(
  () => import('../../features/assessments/components/accreditation-tab.tsx'),
  'AccreditationTab',
);
const AssessmentPage = lazyPage(
  () => import('../../features/assessment-screen/components/assessment-page.tsx'),
  'AssessmentPage',
);
const WebinarsPage = lazyPage(
  () => import('../../features/webinars/components/webinars-page.tsx'),
  'WebinarsPage',
);
const WebinarCallbackPage = lazyPage(
  () => import('../../features/webinars/components/webinar-callback-page.tsx'),
  'WebinarCallbackPage',
);
const SurveyPlanningPage = lazyPage(
  () => import('../../features/survey-planning/components/survey-planning-page.tsx'),
  'SurveyPlanningPage',
);
const SurveyOffersPage = lazyPage(
  () => import('../../features/survey-offers/components/survey-offers-page.tsx'),
  'SurveyOffersPage',
);
const PreferredDaysPage = lazyPage(
  () => import('../../features/survey-offers/components/preferred-days-page.tsx'),
  'PreferredDaysPage',
);
// The data console (react-admin, MUI) is its own chunk; nothing else imports it.
const AdminConsolePage = lazyPage(() => import('../../features/admin-console/index.ts'), 'AdminConsolePage');
const ComparativeReportPage = lazyPage(
  () => import('../../features/reports/components/comparative-report-page.tsx'),
  'ComparativeReportPage',
);
const AnalyticsReportPage = lazyPage(
  () => import('../../features/reports/components/analytics-report-page.tsx'),
  'AnalyticsReportPage',
);
// The header's bell, its own chunk like the screens (the entry stays lean), fetched with the layout.
const NotificationBell = lazyPage(() => import('../../features/notifications/index.ts'), 'NotificationBell');
const AppLayout = lazyPage(() => import('../../components/layout/app-layout.tsx'), 'AppLayout', [
  NotificationBell,
]);

/** The route table of spec 000 §2 (the patterns are the domain's `APP_ROUTES`, which every link builds on). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: APP_ROUTES.login, element: <LoginPage /> },
      { path: APP_ROUTES.signup, element: <SignupPage /> },
      { path: APP_ROUTES.reset, element: <ResetPage /> },
      { path: APP_ROUTES.confirmEmail, element: <ConfirmEmailPage /> },
      { path: APP_ROUTES.backendHandoff, element: <RedirectFromBackendPage /> },
      { path: APP_ROUTES.loginFromBackend, element: <LoginFromBackendPage /> },
      { element: <GraphqlRoutes />, children: [{ path: APP_ROUTES.invite, element: <InvitePage /> }] },
      { path: APP_ROUTES.verify, element: <VerifyPage /> },
      {
        element: <RequireSignedIn />,
        children: [
          // The header's admin link (spec 002 §2, default admin-mnqa/): its own full-screen layout.
          { path: `${env.VITE_ADMIN_PATH.replace(/^\/+|\/+$/g, '')}/*`, element: <AdminConsolePage /> },
          {
            element: <AppLayout headerActions={<NotificationBell />} />,
            errorElement: <RouteErrorPage />,
            children: [
              { path: APP_ROUTES.changePassword, element: <ChangePasswordPage /> },
              { path: APP_ROUTES.accountSettings, element: <AccountSettingsPage /> },
              { path: APP_ROUTES.addPractice, element: <AddPracticePage /> },
              { path: APP_ROUTES.addPracticeAlias, element: <AddPracticePage /> },
              { path: APP_ROUTES.practiceList, element: <PracticeListPage /> },
              {
                path: APP_ROUTES.practiceOverview,
                element: <PracticeOverviewRoute />,
                children: [
                  { index: true, element: <Navigate to={PRACTICE_TABS.staff} replace /> },
                  { path: PRACTICE_TABS.staff, element: <StaffTab /> },
                  { path: PRACTICE_TABS.documents, element: <DocumentsTab /> },
                  { path: PRACTICE_TABS.accreditation, element: <AccreditationTab /> },
                  { path: ASSESSMENT_ROUTE, element: <AssessmentPage /> },
                  {
                    path: `${PRACTICE_TABS.accreditation}/*`,
                    element: <Navigate to={`../${PRACTICE_TABS.accreditation}`} replace />,
                  },
                  { path: '*', element: <Navigate to={`../${PRACTICE_TABS.staff}`} replace /> },
                ],
              },
              { path: APP_ROUTES.practiceDetails, element: <PracticeDetailsPage /> },
              { path: APP_ROUTES.surveyConfirmation, element: <SurveyConfirmationPage /> },
              { path: APP_ROUTES.reapplication, element: <PracticeReapplicationPage /> },
              { path: APP_ROUTES.dashboard, element: <DashboardPage /> },
              { path: APP_ROUTES.factsheets, element: <FactsheetsPage /> },
              { path: APP_ROUTES.resources, element: <ResourcesPage /> },
              { path: APP_ROUTES.webinars, element: <WebinarsPage /> },
              { path: APP_ROUTES.webinarsCallback, element: <WebinarCallbackPage /> },
              { path: APP_ROUTES.comparativeReport, element: <ComparativeReportPage /> },
              {
                path: APP_ROUTES.managementReport,
                Component: lazyPage(
                  () => import('../../features/reports/components/management-report-page.tsx'),
                  'ManagementReportPage',
                ),
              },
              { path: APP_ROUTES.analyticsReport, element: <AnalyticsReportPage /> },
              { path: APP_ROUTES.surveyPlanning, element: <SurveyPlanningPage /> },
              { path: APP_ROUTES.surveyOffers, element: <SurveyOffersPage /> },
              { path: APP_ROUTES.preferredDays, element: <PreferredDaysPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
