import path from 'node:path';
import { API_PREFIX, devMailboxPath, GRAPHQL_PATH, HEALTHZ_PATH } from '@portal/domain';
import type { StackConfig } from './config/config.ts';
import { DEMO_PASSWORD, demoAccountLines } from './demo-accounts.ts';
import { bold, type Logger } from './log.ts';

/** The "ready" message: where everything is, and the demo accounts. */
export function printBanner(config: StackConfig, log: Logger, seeded: boolean, devPagesKey?: string): void {
  const c = config.color;
  const url = config.publicUrl;
  const lines = [
    '',
    bold(`The accreditation portal is ready at ${url}`, c),
    `  app        ${url}/`,
    `  web app    ${
      config.web.serve === 'dist'
        ? `production build in ${path.relative(config.root, config.web.dist) || config.web.dist} (service worker and offline use, as deployed; \`npm run dev\` for hot reload)`
        : 'Vite development server (hot reload, no service worker; `npm start` serves the production build)'
    }`,
    `  GraphQL    ${url}${GRAPHQL_PATH} (HTTP and WebSocket; the engine also listens on :${config.engine.port})`,
    `  REST       ${url}${API_PREFIX}/`,
    `  health     ${url}${HEALTHZ_PATH}`,
    `  data       ${config.database.kind === 'embedded' ? config.dataDir : 'external (DATABASE_URL)'}${seeded ? ' (demo data seeded on this start)' : ''}`,
    `  secrets    ${config.engine.adminSecret ? 'admin secret from HASURA_GRAPHQL_ADMIN_SECRET' : `admin secret in ${path.join(config.dataDir, 'secrets.json')}`}`,
    ...(devPagesKey && !config.smtp.host
      ? [
          '',
          bold(
            'Dev mailbox (the e-mails the app sent: password reset and invitation links; keep this link private):',
            c,
          ),
          `  ${url}${devMailboxPath(devPagesKey)}`,
        ]
      : []),
    '',
    bold(`Demo accounts (password ${DEMO_PASSWORD}):`, c),
    ...demoAccountLines().map((line) => `  ${line}`),
    '',
    'Press Ctrl-C to stop.',
  ];
  for (const line of lines) log(line);
}
