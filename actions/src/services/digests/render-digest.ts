import { DASHBOARD_PATH, type TDigestSection } from '@portal/domain';
import type { OutgoingEmail } from '../outbox/enqueue-email.ts';

/** The digest e-mail: each item with the absolute link of its screen, and one-click unsubscribe (RFC 8058). */
export function renderDigest(input: {
  to: string;
  name: string;
  period: 'DAILY' | 'WEEKLY';
  dayLabel: string;
  sections: readonly TDigestSection[];
  appOrigin: string;
  unsubscribeUrl: string;
}): OutgoingEmail {
  const lines: string[] = [
    `Hello ${input.name},`,
    '',
    `Here is what needs your attention on ${input.dayLabel}.`,
  ];
  for (const section of input.sections) {
    lines.push('', `${section.title}:`);
    for (const item of section.items) {
      const path = 'to' in item.action ? item.action.to : DASHBOARD_PATH;
      const words = [item.practiceName, item.what, item.detail, item.when].filter(Boolean).join(' · ');
      lines.push(`- ${words}`, `  ${item.action.label}: ${input.appOrigin}${path}`);
    }
  }
  lines.push(
    '',
    `Your Dashboard: ${input.appOrigin}${DASHBOARD_PATH}`,
    '',
    `You get this ${input.period === 'DAILY' ? 'daily' : 'weekly'} digest because of your e-mail digest setting in Account Settings.`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  );
  return {
    to: input.to,
    subject: `${input.period === 'DAILY' ? 'Your daily digest' : 'Your weekly digest'}: ${input.dayLabel}`,
    text: lines.join('\n'),
    template: 'email-digest',
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
