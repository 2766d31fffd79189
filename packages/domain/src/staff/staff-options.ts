/** Choice values of a staff row (the enum tables of the data model; labels are their comments). */
export const STAFF_TITLES = ['MR', 'MRS', 'MISS', 'MS', 'DR', 'PROF', 'ASSOC_PROF'] as const;
export type TStaffTitle = (typeof STAFF_TITLES)[number];

export const STAFF_TYPES = ['gp', 'nurse', 'support', 'allied_health', 'other'] as const;
export type TStaffType = (typeof STAFF_TYPES)[number];

export const EMPLOYMENT_TYPES = ['EMPLOYEE', 'CONTRACTOR', 'OWNER'] as const;
export type TEmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const EMPLOYMENT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type TEmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

export const VR_STATUSES = ['VR', 'NON_VR', 'FELLOWSHIP_PATHWAY'] as const;
export type TVrStatus = (typeof VR_STATUSES)[number];

export const FTE_BANDS = ['FTE_0_25', 'FTE_25_50', 'FTE_50_75', 'FTE_75_100'] as const;
export type TFteBand = (typeof FTE_BANDS)[number];

/** Labels for when the choice lists are not loaded yet (the same words as the enum tables). */
export const STAFF_OPTION_LABELS: Record<string, string> = {
  MR: 'Mr',
  MRS: 'Mrs',
  MISS: 'Miss',
  MS: 'Ms',
  DR: 'Dr',
  PROF: 'Prof',
  ASSOC_PROF: 'Assoc Prof',
  gp: 'GP',
  nurse: 'Nurse',
  support: 'Support staff',
  allied_health: 'Allied health',
  other: 'Other',
  EMPLOYEE: 'Employee',
  CONTRACTOR: 'Contractor',
  OWNER: 'Owner or partner',
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  VR: 'Vocationally registered',
  NON_VR: 'Not vocationally registered',
  FELLOWSHIP_PATHWAY: 'On a fellowship pathway',
  FTE_0_25: 'Up to 0.25 FTE',
  FTE_25_50: '0.25 to 0.5 FTE',
  FTE_50_75: '0.5 to 0.75 FTE',
  FTE_75_100: '0.75 to 1 FTE',
};
