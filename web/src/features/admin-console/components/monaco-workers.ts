// Monaco's workers (GraphiQL's editor) as files Vite builds from the app's own source, served from
// the app's origin (the gateway's CSP: worker-src 'self'). graphiql's own `setup-workers/vite` does
// the same from inside node_modules, where Vite's dependency optimizer cannot follow a `?worker`
// import: the development server crashed on a fresh clone. Imported from here, the
// worker plugin handles them in `npm run dev` and in the production build alike.
import type { Environment } from 'monaco-editor';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker.js?worker';
import GraphQLWorker from 'monaco-graphql/esm/graphql.worker.js?worker';

/** Which worker Monaco gets for a language (`label`): GraphQL, JSON (variables) or the editor's own. */
export function monacoWorker(label: string): Worker {
  if (label === 'graphql') return new GraphQLWorker();
  if (label === 'json') return new JsonWorker();
  return new EditorWorker();
}

const environment: Environment = { getWorker: (_workerId, label) => monacoWorker(label) };
window.MonacoEnvironment = environment;
