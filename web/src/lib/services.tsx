import { createContext, type ReactNode, useContext } from 'react';
import { createPublicConfig, type PublicConfig } from './api/public-config.ts';
import { type AuthApi, createAuthApi } from './auth/auth-api.ts';
import { createAuthorisedFetch } from './auth/authorised-fetch.ts';
import { createSession, type Session } from './auth/session.ts';
import { type ClientLog, createClientLog } from './client-log.ts';

/** The app's long-lived services: one session, one REST client, the GraphQL endpoints. */
export interface PortalServices {
  session: Session;
  api: AuthApi;
  /** Absolute URL of the actions service's REST API (no trailing slash). */
  apiUrl: string;
  /** fetch with the bearer token and the one-refresh retry, for REST calls outside `api`. */
  authorisedFetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** The service's public settings (GET /api/config), fetched once when first needed. */
  publicConfig: PublicConfig;
  graphqlUrl: string;
  wsUrl: string;
  webSocketImpl?: unknown;
  /**
   * Leaves the app for another site (a payment page, the webinar provider's consent page). The
   * browser's own navigation; a test renders the app with one that records where it went.
   */
  leaveApp: (url: string) => void;
  /** Logs what the app only logs, to the console and to the server (spec 000 §7 POST /utils/log/). */
  log: ClientLog;
}

/** The browser leaves the app for `url` (a full page load of the other site). */
function leaveAppInBrowser(url: string): void {
  window.location.assign(url);
}

/** Builds the services; URLs may be relative to the page (the app) or absolute (tests). */
export function createPortalServices(options: {
  apiUrl: string;
  graphqlUrl: string;
  baseUrl?: string;
  webSocketImpl?: unknown;
  leaveApp?: (url: string) => void;
}): PortalServices {
  const base = options.baseUrl ?? window.location.href;
  const apiUrl = new URL(options.apiUrl, base).href.replace(/\/$/, '');
  const graphqlUrl = new URL(options.graphqlUrl, base).href;
  const session = createSession({ apiUrl });
  const trustedOrigins = [new URL(apiUrl).origin, new URL(graphqlUrl).origin];
  const authorisedFetch = createAuthorisedFetch(session, trustedOrigins);
  const log = createClientLog(apiUrl, authorisedFetch);
  return {
    session,
    api: createAuthApi(apiUrl, authorisedFetch),
    apiUrl,
    authorisedFetch,
    publicConfig: createPublicConfig(apiUrl),
    graphqlUrl,
    wsUrl: graphqlUrl.replace(/^http/, 'ws'),
    webSocketImpl: options.webSocketImpl,
    leaveApp: options.leaveApp ?? leaveAppInBrowser,
    log,
  };
}

const ServicesContext = createContext<PortalServices | null>(null);

export function ServicesProvider({ services, children }: { services: PortalServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): PortalServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesProvider>');
  return services;
}
