// Monaco's workers first: GraphiQL's editor asks for them as soon as it loads.
import './monaco-workers.ts';
import 'graphiql/style.css';
import './graphiql-view.css';
import { Box } from '@mui/material';
import { ADMIN_CONSOLE_GRAPHQL_PATH, API_PREFIX } from '@portal/domain';
import { GraphiQL } from 'graphiql';
import { useEffect, useMemo } from 'react';
import { Title } from 'react-admin';
import { useServices } from '../../../lib/services.tsx';
import { createGraphiQLFetcher } from '../data/graphiql-fetcher.ts';
import { readConsoleQuery, saveConsoleQuery } from '../model/console-query.ts';
import { forgetGraphiQLLocalStorage, graphiqlSessionStorage } from '../model/graphiql-storage.ts';

/**
 * The console's GraphiQL (graphiql 5 from npm, built into this lazily loaded chunk): introspects
 * and runs queries and mutations as the console's role through the console endpoint, with the user's
 * own token. No headers editor: the role is the console's, not the browser's to choose. Tabs,
 * history and variables live in sessionStorage only (nothing outlives the session).
 */
export function GraphiQLView() {
  const { apiUrl, authorisedFetch } = useServices();
  const fetcher = useMemo(
    () =>
      createGraphiQLFetcher(
        `${apiUrl}${ADMIN_CONSOLE_GRAPHQL_PATH.slice(API_PREFIX.length)}`,
        authorisedFetch,
      ),
    [apiUrl, authorisedFetch],
  );
  const initialQuery = useMemo(readConsoleQuery, []);
  const storage = useMemo(() => {
    forgetGraphiQLLocalStorage();
    return graphiqlSessionStorage();
  }, []);
  useEffect(() => {
    document.title = 'GraphiQL · Admin console';
  }, []);
  return (
    <Box
      component="section"
      aria-label="GraphiQL"
      sx={{ mt: 1, height: 'calc(100vh - 72px)', minHeight: 480, border: 1, borderColor: 'divider' }}
    >
      <Title title="GraphiQL" />
      <GraphiQL
        fetcher={fetcher}
        storage={storage}
        initialQuery={initialQuery}
        onEditQuery={saveConsoleQuery}
        isHeadersEditorEnabled={false}
        defaultEditorToolsVisibility={false}
        forcedTheme="light"
        shouldPersistHeaders={false}
      />
    </Box>
  );
}
