import type { IncomingMessage, ServerResponse } from 'node:http';
import { getStaticFile } from 'ruru/static';

/**
 * The engine's own console (`GET /console` when `HASURA_GRAPHQL_ENABLE_CONSOLE=true`), for people
 * who run the engine without the portal: GraphiQL as ruru bundles it (React, GraphiQL, Monaco and
 * its workers, served from the `ruru` package's own files under `/console/static/`), so it works
 * with no network but the engine's. The person types the admin secret and a role; "Explain SQL"
 * asks `/v1/graphql/explain` for the query in the editor (ruru's own Explain tab is PostGraphile's
 * and stays empty here). In the portal's stack the gateway does not route here: the product's
 * one console is the web app's `/admin-mnqa/`.
 */
export const CONSOLE_PATH = '/console';
const STATIC_PATH = `${CONSOLE_PATH}/static/`;

/** Only the engine's own origin: no CDN, no inline script (ruru's styles set style attributes). */
const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>GraphQL engine console</title>
<link rel="stylesheet" href="${STATIC_PATH}ruru.css" />
<link rel="stylesheet" href="${CONSOLE_PATH}/console.css" />
<script type="module" src="${CONSOLE_PATH}/console.js"></script>
</head>
<body>
<header id="bar">
  <h1>GraphQL engine console</h1>
  <label>Admin secret <input id="secret" type="password" autocomplete="off" /></label>
  <label>Role <input id="role" placeholder="admin" autocomplete="off" /></label>
  <label>Session variables (JSON) <input id="session" placeholder='{"x-hasura-user-id": "1"}' autocomplete="off" /></label>
  <button id="explain" type="button">Explain SQL</button>
</header>
<section id="explained" aria-label="Explain" aria-live="polite" hidden></section>
<main id="ruru-root"><p>Loading GraphiQL…</p></main>
</body>
</html>
`;

const STYLE = `body{margin:0;height:100vh;display:flex;flex-direction:column;font:14px system-ui,sans-serif}
#bar{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;padding:8px 12px;border-bottom:1px solid #ccc}
#bar h1{font-size:16px;margin:0 8px 0 0}
#bar input{margin-left:4px;padding:3px 6px}
#session{width:220px}
#bar button{padding:4px 12px}
#explained{max-height:40vh;overflow:auto;padding:8px 12px;border-bottom:1px solid #ccc;background:#fafafa}
#explained pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0 12px;padding:8px;background:#eee}
#explained h2{font-size:14px;margin:8px 0 4px;font-family:monospace}
#explained .error{color:#a00000}
#ruru-root{flex:1;min-height:0}`;

/** The page's script: ruru with a fetcher that adds the typed secret and role, and Explain. */
const SCRIPT = `import { React, createRoot, Ruru } from '${STATIC_PATH}ruru.js';

globalThis.MonacoEnvironment = {
  getWorker(_id, label) {
    const file = label === 'json' ? 'jsonWorker.js' : label === 'graphql' ? 'graphqlWorker.js' : 'editorWorker.js';
    return new Worker(new URL('${STATIC_PATH}' + file, location.href), { type: 'module' });
  },
};

const $ = (id) => document.getElementById(id);
const secret = $('secret');
const role = $('role');
const session = $('session');
secret.value = sessionStorage.getItem('engine-admin-secret') || '';
secret.addEventListener('change', () => sessionStorage.setItem('engine-admin-secret', secret.value));

function headers() {
  const out = { 'content-type': 'application/json' };
  if (secret.value) out['x-hasura-admin-secret'] = secret.value;
  if (role.value) out['x-hasura-role'] = role.value;
  return out;
}

let query = localStorage.getItem('engine-console-query') || '{ __typename }';

async function fetcher(params) {
  const response = await fetch('/v1/graphql', {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ query: params.query, variables: params.variables, operationName: params.operationName }),
  });
  return response.json();
}

function show(nodes) {
  const panel = $('explained');
  panel.replaceChildren(...nodes);
  panel.hidden = false;
}

function text(tag, content, className) {
  const node = document.createElement(tag);
  node.textContent = content;
  if (className) node.className = className;
  return node;
}

$('explain').addEventListener('click', async () => {
  let user = {};
  try {
    user = session.value.trim() ? JSON.parse(session.value) : {};
  } catch {
    return show([text('p', 'Session variables are a JSON object, e.g. {"x-hasura-user-id": "1"}.', 'error')]);
  }
  if (role.value) user['x-hasura-role'] = role.value;
  show([text('p', 'Explaining…')]);
  try {
    const response = await fetch('/v1/graphql/explain', {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ query: { query }, user }),
    });
    const answer = await response.json();
    if (!Array.isArray(answer)) return show([text('p', answer.error || JSON.stringify(answer), 'error')]);
    show(
      answer.flatMap((field) => [
        text('h2', field.field || 'subscription'),
        text('pre', field.sql || 'No SQL: the engine answers this field itself.'),
        ...(field.plan ? [text('pre', field.plan.join('\\n'))] : []),
      ]),
    );
  } catch (error) {
    show([text('p', String(error), 'error')]);
  }
});

createRoot($('ruru-root')).render(
  React.createElement(Ruru, {
    endpoint: '/v1/graphql',
    fetcher,
    initialQuery: query,
    onEditQuery: (value) => {
      query = value;
      localStorage.setItem('engine-console-query', value);
    },
    debugTools: [],
  }),
);
`;

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string>) {
  res.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

/**
 * Serves the console's page, its script and style, and ruru's files (`/console/static/*`); false
 * when the path is none of them (the caller answers 404).
 */
export async function serveConsole(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  if (path === '/' || path === CONSOLE_PATH || path === `${CONSOLE_PATH}/`) {
    send(res, 200, PAGE, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CONSOLE_CSP,
    });
    return true;
  }
  if (path === `${CONSOLE_PATH}/console.js`) {
    send(res, 200, SCRIPT, { 'content-type': 'text/javascript; charset=utf-8' });
    return true;
  }
  if (path === `${CONSOLE_PATH}/console.css`) {
    send(res, 200, STYLE, { 'content-type': 'text/css; charset=utf-8' });
    return true;
  }
  if (!path.startsWith(STATIC_PATH)) return false;
  const file = await getStaticFile({
    staticPath: STATIC_PATH,
    urlPath: path,
    acceptEncoding: req.headers['accept-encoding'],
    disallowDevAssets: true,
  });
  if (!file) return false;
  if (req.headers['if-none-match'] && req.headers['if-none-match'] === file.headers.etag) {
    res.writeHead(304, { etag: file.headers.etag });
    res.end();
    return true;
  }
  res.writeHead(200, { ...file.headers, 'cache-control': 'public, max-age=3600' });
  res.end(file.content);
  return true;
}

/** The console page's HTML (tests read it for external URLs). */
export function consolePage(): string {
  return PAGE;
}
