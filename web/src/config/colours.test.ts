import { RISK_RATING_LABELS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { RISK_REPORT_COLOURS, riskReportColour, visitStatusColour } from './colours.ts';

describe('colours', () => {
  it('gives the analytics report a rating by the name it shows, grey for a name it does not know', () => {
    expect(riskReportColour(RISK_RATING_LABELS.HIGH)).toBe(RISK_REPORT_COLOURS.HIGH);
    expect(riskReportColour('Minor')).toBe('teal.5');
    expect(riskReportColour('Unrated')).toBe('gray.5');
  });

  it('gives a visit with no planning status grey', () => {
    expect(visitStatusColour('FINAL')).toBe('green');
    expect(visitStatusColour(null)).toBe('gray');
  });
});
