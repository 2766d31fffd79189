import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage, RouteErrorPage } from '../../components/route-error-page.tsx';
import { env } from '../../config/env.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { HomeRedirect, RequireSignedIn } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';

// Every screen is its own chunk (React.lazy), loaded with the 120 s time-out.
const SignupPage = lazyPage(() => import('../../features/auth/components/signup-page.tsx'), 'SignupPage');
const ConfirmEmailPage = lazyPage(
  () => import('../../features/auth/components/confirm-email-page.tsx'),
  'ConfirmEmailPage',
);
const ResetPage = lazyPage(() => import('../../features/auth/components/reset-page.tsx'), 'ResetPage');
const LoginPage = lazyPage(() => import('../../features/auth/components/login-page.tsx'), 'LoginPage', [
  SignupPage,
  ResetPage,
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
// Issue 18: the data console (react-admin, MUI) is its own chunk; nothing else imports it.
const AdminConsolePage = lazyPage(() => import('../../features/admin-console/index.ts'), 'AdminConsolePage');
const ComparativeReportPage = lazyPage(
  () => import('../../features/reports/components/comparative-report-page.tsx'),
  'ComparativeReportPage',
);
const AnalyticsReportPage = lazyPage(
  () => import('../../features/reports/components/analytics-report-page.tsx'),
  'AnalyticsReportPage',
);
const AppLayout = lazyPage(() => import('../../components/layout/app-layout.tsx'), 'AppLayout');

/** The route table of spec 000 §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'Login/:invitationToken?', element: <LoginPage /> },
      { path: 'signup/:invitationToken?', element: <SignupPage /> },
      { path: 'Reset', element: <ResetPage /> },
      // Ours (the spec has no route for it): the link of the sign-up e-mail.
      { path: 'ConfirmEmail', element: <ConfirmEmailPage /> },
      { path: 'redirect-from-backend', element: <RedirectFromBackendPage /> },
      { path: 'login-from-backend', element: <LoginFromBackendPage /> },
      { path: 'Practice/Invite/:invitationToken', element: <InvitePage /> },
      // Ours (issue 17): the public check of a certificate, no sign-in.
      { path: 'verify/:code?', element: <VerifyPage /> },
      {
        element: <RequireSignedIn />,
        children: [
          // The header's admin link (spec 002 §2, default admin-mnqa/): its own full-screen layout.
          { path: `${env.VITE_ADMIN_PATH.replace(/^\/+|\/+$/g, '')}/*`, element: <AdminConsolePage /> },
          {
            element: <AppLayout />,
            errorElement: <RouteErrorPage />,
            children: [
              { path: 'ChangePassword', element: <ChangePasswordPage /> },
              { path: 'AccountSettings/:id', element: <AccountSettingsPage /> },
              { path: 'Practice/Add', element: <AddPracticePage /> },
              { path: 'add-practice', element: <AddPracticePage /> },
              { path: 'Practice/List', element: <PracticeListPage /> },
              {
                path: 'PracticeOverview/:id',
                element: <PracticeOverviewRoute />,
                children: [
                  { index: true, element: <Navigate to="Staff" replace /> },
                  { path: 'Staff', element: <StaffTab /> },
                  { path: 'Documents', element: <DocumentsTab /> },
                  { path: 'Accreditation', element: <AccreditationTab /> },
                  {
                    path: 'Accreditation/Assessment/:assessmentId/:indicatorSetId?/:indicatorId?',
                    element: <AssessmentPage />,
                  },
                  { path: 'Accreditation/*', element: <Navigate to="../Accreditation" replace /> },
                  { path: '*', element: <Navigate to="../Staff" replace /> },
                ],
              },
              { path: 'Practice/Details/:id', element: <PracticeDetailsPage /> },
              { path: 'Practice/SurveyConfirmation/:id', element: <SurveyConfirmationPage /> },
              { path: 'Practice/Reapplication/:id', element: <PracticeReapplicationPage /> },
              { path: 'Dashboard', element: <DashboardPage /> },
              { path: 'Factsheets', element: <FactsheetsPage /> },
              { path: 'Resources', element: <ResourcesPage /> },
              { path: 'Webinars', element: <WebinarsPage /> },
              { path: 'GoToWebinars/callback', element: <WebinarCallbackPage /> },
              { path: 'Reports/Comparative', element: <ComparativeReportPage /> },
              {
                path: 'Reports/Management',
                Component: lazyPage(
                  () => import('../../features/reports/components/management-report-page.tsx'),
                  'ManagementReportPage',
                ),
              },
              { path: 'Reports/Analytics', element: <AnalyticsReportPage /> },
              { path: 'SurveyVisits/Planning', element: <SurveyPlanningPage /> },
              // Ours (spec 000 §2 sends surveyors to a backend page): the surveyor's offers.
              { path: 'SurveyVisits/Offers', element: <SurveyOffersPage /> },
              { path: 'SurveyVisits/:id/PreferredDays', element: <PreferredDaysPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
