import { Alert, Card, CardContent, Typography } from '@mui/material';
import {
  ADMIN_CONSOLE_GRAPHQL_PATH,
  ADMIN_CONSOLE_REFUSED_MESSAGE,
  API_PREFIX,
  canUseAdminConsole,
  DASHBOARD_PATH,
} from '@portal/domain';
import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import {
  Admin,
  AppBar,
  CustomRoutes,
  defaultTheme,
  Layout,
  type LayoutProps,
  type RaThemeOptions,
  Resource,
  Title,
  TitlePortal,
} from 'react-admin';
import { Route } from 'react-router';
import { FullPageLoader } from '../../../components/layout/full-page-loader.tsx';
import { env } from '../../../config/env.ts';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { useServices } from '../../../lib/services.tsx';
import {
  EditionPreviewRoute,
  EditionsView,
  MappingRoute,
  MappingsView,
  MoveRoute,
} from '../../editions/index.ts';
import { createConsoleDataProvider } from '../data/console-data-provider.ts';
import { type ConsoleTable, describeTables } from '../data/hasura-dialect.ts';
import { humanise, tableInitials } from '../model/labels.ts';
import { ConsoleMenu, initialsIcon } from './console-menu.tsx';
import { ConsoleRefused } from './console-refused.tsx';
import { ExplainView } from './explain-view.tsx';
import { ScheduledJobsView } from './scheduled-jobs-view.tsx';
import { TableCreate, TableEdit, TableList, TablesContext } from './table-screens.tsx';

/** The console's path without slashes (VITE_ADMIN_PATH, default admin-mnqa). */
export const ADMIN_CONSOLE_BASENAME = `/${env.VITE_ADMIN_PATH.replace(/^\/+|\/+$/g, '')}`;

/** An edition's preview in the console. */
const editionPreviewPath = (id: number) => `${ADMIN_CONSOLE_BASENAME}/editions/${id}`;
/** The mappings between editions, one mapping, and the move of practices with one. */
const MAPPING_PATHS = {
  editionsPath: `${ADMIN_CONSOLE_BASENAME}/editions`,
  mappingPath: (id: number) => `${ADMIN_CONSOLE_BASENAME}/editions/mappings/${id}`,
  movePath: (id: number) => `${ADMIN_CONSOLE_BASENAME}/editions/moves?mapping=${id}`,
};

/**
 * react-admin's theme in the brand's deep teal (brand.8 and brand.9 of the app's theme): its default
 * blue under white text is 3.1:1, below WCAG AA; these are 6:1 and more.
 */
const CONSOLE_THEME: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#006e66' }, secondary: { main: '#005f58' } },
  // Wide enough for the longest table names ("Action plan activities").
  sidebar: { width: 260, closedWidth: 55 },
  components: {
    ...defaultTheme.components,
    // A read-only column's "Read only" note: MUI's disabled grey is 2.7:1; this is 5.7:1.
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.62)' } } } },
  },
};

/** The console's first screen: what it is, and the rules of using it. */
/**
 * Why the tables could not be listed (the console's GraphQL endpoint failed: no admin secret, the
 * engine away), or null. The console still opens: its screens of the actions service (scheduled
 * jobs, editions) need no table.
 */
const TablesFailure = createContext<string | null>(null);

function ConsoleHome() {
  const failure = useContext(TablesFailure);
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title="Admin console" />
      <CardContent>
        <Typography component="h2" variant="h5" gutterBottom>
          Tables
        </Typography>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            The console could not load the tables: {failure} The other screens on the left (Scheduled jobs,
            Editions, Mappings) work without them.
          </Alert>
        ) : null}
        <Typography sx={{ mb: 2 }}>
          Every table the portal tracks is listed on the left. Open one to filter, sort and page through its
          rows; select a row to edit it, or use Create to add one.
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Tables and GraphiQL work with your own provider admin permissions and a few of the console's own
          (public holidays); GraphiQL shows the schema's documentation beside the query. Explain shows the SQL
          the engine generates for a query and PostgreSQL's plan for it, as any role.
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Each change is saved under your name in the audit log, with the old and new values. Rows are never
          deleted here: to retire a row, tick its Archived field.
        </Typography>
        <Typography color="text.secondary">
          Fixing data by hand bypasses the portal's screens and their checks. Change only what you mean to.
        </Typography>
      </CardContent>
    </Card>
  );
}

function ConsoleAppBar() {
  return (
    <AppBar userMenu={false}>
      <TitlePortal component="h1" variant="h6" />
      <a href={DASHBOARD_PATH} style={{ color: 'inherit', marginRight: 8, whiteSpace: 'nowrap' }}>
        Back to the portal
      </a>
    </AppBar>
  );
}

function ConsoleLayout(props: LayoutProps) {
  return <Layout {...props} appBar={ConsoleAppBar} menu={ConsoleMenu} />;
}

// GraphiQL and its editor (monaco, some megabytes) load only when the view is opened.
const GraphiQLView = lazy(() => import('./graphiql-view.tsx').then((m) => ({ default: m.GraphiQLView })));

function GraphiQLRoute() {
  return (
    <Suspense fallback={<Typography sx={{ m: 2 }}>Loading GraphiQL…</Typography>}>
      <GraphiQLView />
    </Suspense>
  );
}

type State =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; tables: ConsoleTable[] };

/**
 * The embedded stack's admin console (docs/decisions/admin-console.md) at VITE_ADMIN_PATH:
 * react-admin over every table the console's role reads (the provider admin's permissions and the
 * console's grants), through the console endpoint only. Anyone but a provider admin gets the
 * refusal (the endpoint refuses them too, re-reading the account at each request). When the
 * endpoint fails otherwise (no admin secret, the engine away) the console still opens, without
 * tables and saying why on its first screen: its screens of the actions service work without them.
 */
export function AdminConsolePage() {
  const user = useCurrentUser();
  const { apiUrl, authorisedFetch } = useServices();
  const allowed = canUseAdminConsole({ isActive: true, isAdmin: user.flags.admin });
  const endpoint = `${apiUrl}${ADMIN_CONSOLE_GRAPHQL_PATH.slice(API_PREFIX.length)}`;
  const provider = useMemo(
    () => createConsoleDataProvider({ endpoint, fetch: authorisedFetch }),
    [endpoint, authorisedFetch],
  );
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    document.title = 'Admin console';
  }, []);

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    provider.getIntrospection().then(
      (introspection) => live && setState({ kind: 'ready', tables: describeTables(introspection) }),
      (error: unknown) => {
        if (!live) return;
        const message = error instanceof Error ? error.message : String(error);
        setState(
          /403|access to the admin console/.test(message)
            ? { kind: 'refused', message: ADMIN_CONSOLE_REFUSED_MESSAGE }
            : { kind: 'failed', message },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [allowed, provider]);

  const tables = useMemo(
    () => new Map(state.kind === 'ready' ? state.tables.map((t) => [t.name, t]) : []),
    [state],
  );
  const initials = useMemo(() => tableInitials([...tables.keys()]), [tables]);

  if (!allowed || state.kind === 'refused') return <ConsoleRefused />;
  if (state.kind === 'loading') return <FullPageLoader />;
  return (
    <TablesFailure.Provider value={state.kind === 'failed' ? state.message : null}>
      <TablesContext.Provider value={tables}>
        <Admin
          basename={ADMIN_CONSOLE_BASENAME}
          dataProvider={provider}
          layout={ConsoleLayout}
          theme={CONSOLE_THEME}
          dashboard={ConsoleHome}
          title="Admin console"
          disableTelemetry
          requireAuth={false}
        >
          <CustomRoutes>
            <Route path="/graphiql" element={<GraphiQLRoute />} />
            <Route path="/explain" element={<ExplainView />} />
            <Route path="/jobs" element={<ScheduledJobsView />} />
            <Route
              path="/editions"
              element={
                <EditionsView
                  previewPath={editionPreviewPath}
                  mappingsPath={`${ADMIN_CONSOLE_BASENAME}/editions/mappings`}
                />
              }
            />
            <Route path="/editions/mappings" element={<MappingsView {...MAPPING_PATHS} />} />
            <Route
              path="/editions/mappings/:id"
              element={
                <MappingRoute
                  listPath={`${ADMIN_CONSOLE_BASENAME}/editions/mappings`}
                  movePath={MAPPING_PATHS.movePath}
                />
              }
            />
            <Route
              path="/editions/moves"
              element={<MoveRoute mappingsPath={`${ADMIN_CONSOLE_BASENAME}/editions/mappings`} />}
            />
            <Route
              path="/editions/:id"
              element={<EditionPreviewRoute listPath={`${ADMIN_CONSOLE_BASENAME}/editions`} />}
            />
          </CustomRoutes>
          {(state.kind === 'ready' ? state.tables : []).map((table) => (
            <Resource
              key={table.name}
              name={table.name}
              icon={initialsIcon(initials.get(table.name) ?? '?')}
              options={{ label: humanise(table.name) }}
              list={TableList}
              edit={table.key ? TableEdit : undefined}
              create={table.key && table.creatable ? TableCreate : undefined}
            />
          ))}
        </Admin>
      </TablesContext.Provider>
    </TablesFailure.Provider>
  );
}
