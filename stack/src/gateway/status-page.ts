import { HEALTHZ_PATH } from '@portal/domain';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts.ts';
import type { HealthReport, ServiceState } from '../health.ts';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const BADGE: Record<ServiceState, string> = {
  healthy: '#2b8a3e',
  unhealthy: '#c92a2a',
  starting: '#e67700',
  missing: '#868e96',
};

/** The page at `/` while the web app does not exist yet: services, their health, the demo accounts. */
export function renderStatusPage(report: HealthReport): string {
  const rows = report.services
    .map(
      (s) => `<tr>
        <td>${escapeHtml(s.name)}</td>
        <td><span class="badge" style="background:${BADGE[s.state]}">${escapeHtml(s.state)}</span></td>
        <td>${s.url ? `<code>${escapeHtml(s.url)}</code>` : ''}${s.detail ? `<div class="detail">${escapeHtml(s.detail)}</div>` : ''}</td>
      </tr>`,
    )
    .join('');
  const accounts = DEMO_ACCOUNTS.map(
    (a) => `<tr><td><code>${escapeHtml(a.email)}</code></td><td>${escapeHtml(a.role)}</td></tr>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>Accreditation portal: local stack</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; color: #212529; background: #f8f9fa; margin: 0; }
  main { max-width: 760px; margin: 40px auto; padding: 0 20px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  h2 { font-size: 16px; margin: 28px 0 8px; }
  p { margin: 0 0 12px; color: #495057; }
  table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid #dee2e6; border-radius: 6px; }
  td, th { text-align: left; padding: 8px 12px; border-bottom: 1px solid #e9ecef; vertical-align: top; }
  th { font-weight: 600; background: #f1f3f5; }
  .badge { color: #fff; border-radius: 10px; padding: 1px 9px; font-size: 13px; white-space: nowrap; }
  .detail { color: #c92a2a; font-size: 13px; margin-top: 2px; }
  code { font: 13px ui-monospace, monospace; }
</style>
</head>
<body>
<main>
  <h1>Accreditation portal</h1>
  <p>The web app is not built yet, so this page stands in for it. It refreshes every 5 seconds; the same data is at <a href="${HEALTHZ_PATH}"><code>${HEALTHZ_PATH}</code></a>.</p>
  <h2>Services ${report.ok ? '' : '(not all healthy)'}</h2>
  <table><tr><th>Service</th><th>State</th><th>Where</th></tr>${rows}</table>
  <h2>Demo accounts</h2>
  <p>Every account's password is <code>${escapeHtml(DEMO_PASSWORD)}</code>.</p>
  <table><tr><th>Email</th><th>Who</th></tr>${accounts}</table>
</main>
</body>
</html>
`;
}
