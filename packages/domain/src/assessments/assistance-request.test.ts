import { describe, expect, it } from 'vitest';
import { ASSISTANCE_REQUEST_MAX_LENGTH } from '../constants/assessments.ts';
import { assessmentPath } from '../routes/app-routes.ts';
import { ASSESSMENT_MESSAGES } from './assessment-messages.ts';
import { ZAssistanceRequestSchema } from './assistance-request.ts';

const messageOf = (value: unknown) => {
  const result = ZAssistanceRequestSchema.safeParse({ message: value });
  return result.success ? result.data.message : result.error.issues.map((i) => i.message);
};

describe('a request for assistance (spec 002 §1)', () => {
  it('takes the question trimmed, up to the limit', () => {
    expect(messageOf('  How do we evidence 1.1?\n')).toBe('How do we evidence 1.1?');
    expect(messageOf('x'.repeat(ASSISTANCE_REQUEST_MAX_LENGTH))).toHaveLength(ASSISTANCE_REQUEST_MAX_LENGTH);
  });

  it('refuses an empty or over-long question with its message', () => {
    expect(messageOf('')).toEqual([ASSESSMENT_MESSAGES.assistanceEmpty]);
    expect(messageOf(' \n\t ')).toEqual([ASSESSMENT_MESSAGES.assistanceEmpty]);
    expect(messageOf(undefined)).toEqual([ASSESSMENT_MESSAGES.assistanceEmpty]);
    expect(messageOf('x'.repeat(ASSISTANCE_REQUEST_MAX_LENGTH + 1))).toEqual([
      ASSESSMENT_MESSAGES.assistanceTooLong,
    ]);
    expect(ASSESSMENT_MESSAGES.assistanceTooLong).toBe(
      'Please keep your request to 2,000 characters or fewer.',
    );
  });

  it('links to the Assessment route', () => {
    expect(assessmentPath(5, 12)).toBe('/PracticeOverview/5/Accreditation/Assessment/12');
  });
});
