import { describe, expect, it } from 'vitest';
import {
  APP_ROUTES,
  ASSESSMENT_ROUTE,
  accountSettingsPath,
  accreditationPath,
  assessmentPath,
  BACKEND_HANDOFF_ROUTE,
  CHANGE_PASSWORD_PATH,
  fillRoute,
  invitationPath,
  loginPath,
  PRACTICE_LIST_PATH,
  PRACTICE_TABS,
  practiceDetailsPath,
  practiceOverviewPath,
  practiceStaffPath,
  preferredDaysRoute,
  reapplicationPath,
  SURVEY_OFFERS_PATH,
  SURVEY_PLANNING_PATH,
  signupPath,
  surveyConfirmationRoute,
  verifyRoute,
  WEBINARS_CALLBACK_ROUTE,
  WEBINARS_ROUTE,
} from './app-routes.ts';

describe('app routes', () => {
  it('are the addresses of spec 000 §2', () => {
    expect(PRACTICE_LIST_PATH).toBe('/Practice/List');
    expect(practiceStaffPath(7)).toBe('/PracticeOverview/7/Staff');
    expect(practiceOverviewPath(7, PRACTICE_TABS.documents)).toBe('/PracticeOverview/7/Documents');
    expect(accreditationPath(7)).toBe('/PracticeOverview/7/Accreditation');
    expect(assessmentPath(7, 3)).toBe('/PracticeOverview/7/Accreditation/Assessment/3');
    expect(assessmentPath(7, 3, 2, 41)).toBe('/PracticeOverview/7/Accreditation/Assessment/3/2/41');
    expect(practiceDetailsPath(4)).toBe('/Practice/Details/4');
    expect(reapplicationPath(4)).toBe('/Practice/Reapplication/4');
    expect(surveyConfirmationRoute(10)).toBe('/Practice/SurveyConfirmation/10');
    expect(preferredDaysRoute(12)).toBe('/SurveyVisits/12/PreferredDays');
    expect(SURVEY_PLANNING_PATH).toBe('/SurveyVisits/Planning');
    expect(SURVEY_OFFERS_PATH).toBe('/SurveyVisits/Offers');
    expect(WEBINARS_ROUTE).toBe('/Webinars');
    expect(WEBINARS_CALLBACK_ROUTE).toBe('/GoToWebinars/callback');
    expect(BACKEND_HANDOFF_ROUTE).toBe('/redirect-from-backend');
    expect(CHANGE_PASSWORD_PATH).toBe('/ChangePassword/');
    expect(accountSettingsPath(6)).toBe('/AccountSettings/6');
  });

  it('leaves out an optional parameter without a value, and escapes the others', () => {
    expect(loginPath()).toBe('/Login');
    expect(loginPath('')).toBe('/Login');
    expect(loginPath('a b')).toBe('/Login/a%20b');
    expect(signupPath('tok/en')).toBe('/signup/tok%2Fen');
    expect(verifyRoute()).toBe('/verify');
    expect(verifyRoute('ABCD-EFGH')).toBe('/verify/ABCD-EFGH');
    expect(invitationPath('abc_-1')).toBe('/Practice/Invite/abc_-1');
    expect(invitationPath('a&b')).toBe('/Practice/Invite/a%26b');
    expect(assessmentPath(7, 3, null, null)).toBe('/PracticeOverview/7/Accreditation/Assessment/3');
  });

  it('builds every link from the pattern the route table mounts', () => {
    expect(fillRoute(APP_ROUTES.practiceOverview, { id: 5 })).toBe('/PracticeOverview/5');
    expect(fillRoute(ASSESSMENT_ROUTE, { assessmentId: 3 })).toBe('/Accreditation/Assessment/3');
    // Patterns are relative (react-router children); every filled one is an absolute path.
    for (const pattern of [...Object.values(APP_ROUTES), ...Object.values(PRACTICE_TABS), ASSESSMENT_ROUTE]) {
      expect(pattern.startsWith('/')).toBe(false);
      expect(fillRoute(pattern, { id: 1, invitationToken: 't', code: 'c', assessmentId: 2 })).toMatch(
        /^\/[^/]/,
      );
    }
  });
});
