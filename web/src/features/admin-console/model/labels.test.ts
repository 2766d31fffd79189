import { describe, expect, it } from 'vitest';
import { humanise, tableInitials } from './labels.ts';

describe('the console’s table labels', () => {
  it('humanises a table name', () => {
    expect(humanise('practice_staff')).toBe('Practice staff');
  });

  it('gives each table initials of its own where four letters can tell them apart', () => {
    const names = [
      'accreditation_status',
      'accreditations',
      'action_plan_activities',
      'active_status',
      'assessment_status',
      'assessment_status_changes',
      'australian_state',
      'organisations',
      'practice_staff',
    ];
    const initials = tableInitials(names);
    expect(Object.fromEntries(initials)).toEqual({
      accreditation_status: 'AS',
      accreditations: 'Ac',
      action_plan_activities: 'APA',
      active_status: 'AcS',
      assessment_status: 'AsS',
      assessment_status_changes: 'ASC',
      australian_state: 'AuS',
      organisations: 'Or',
      practice_staff: 'PS',
    });
    expect(new Set(initials.values()).size).toBe(names.length);
  });
});
