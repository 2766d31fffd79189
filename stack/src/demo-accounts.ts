/** The demo accounts the seeds create. stack/GUIDE.md and the start-up banner both print this list. */
export const DEMO_PASSWORD = 'Demo-pass-1';

export interface DemoAccount {
  email: string;
  role: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@demo.test', role: 'provider admin (also super admin)' },
  { email: 'qam@demo.test', role: 'QAM' },
  { email: 'surveyor@demo.test', role: 'surveyor' },
  { email: 'surveyor2@demo.test', role: 'surveyor' },
  { email: 'surveyor3@demo.test', role: 'surveyor' },
  { email: 'pm@demo.test', role: 'practice manager of several practices' },
  { email: 'pm.single@demo.test', role: 'practice manager of one practice' },
  { email: 'newuser@demo.test', role: 'new user with no practice' },
];

/** The list as aligned text lines. */
export function demoAccountLines(): string[] {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  return DEMO_ACCOUNTS.map((a) => `${a.email.padEnd(width)}  ${a.role}`);
}

/** The list as a Markdown table, as stack/GUIDE.md shows it. */
export function demoAccountsMarkdown(): string {
  return [
    '| Email | Who |',
    '| --- | --- |',
    ...DEMO_ACCOUNTS.map((a) => `| \`${a.email}\` | ${a.role} |`),
  ].join('\n');
}
