import pg from 'pg';

export type ServiceState = 'healthy' | 'unhealthy' | 'starting' | 'missing';

export interface ServiceHealth {
  name: string;
  state: ServiceState;
  /** Where it is reached (for people). */
  url?: string;
  detail?: string;
}

export interface HealthReport {
  /** True only when every service the stack should run is there and healthy. */
  ok: boolean;
  services: ServiceHealth[];
}

/** A named check; returns null when healthy, else what is wrong. */
export interface HealthCheck {
  name: string;
  url?: string;
  /**
   * Returns what is missing (e.g. the service's entry file) or null; a missing service is
   * reported as `missing` and makes the report not ok, whatever its process still answers.
   */
  missing?: () => string | null;
  check: () => Promise<string | null>;
  /** While true, a failing check reads as `starting` rather than `unhealthy`. */
  starting?: () => boolean;
}

const TIMEOUT_MS = 2000;

/** Healthy when GET `url` answers 200 within the timeout. */
export function httpCheck(url: string): () => Promise<string | null> {
  return async () => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      await response.body?.cancel();
      return response.status === 200 ? null : `GET ${url} answered ${response.status}`;
    } catch (error) {
      return `GET ${url} failed: ${(error as Error).message}`;
    }
  };
}

/** Healthy when the bucket answers HEAD (s3rver: 200; a real S3 may say 403 to an unsigned request). */
export function s3Check(endpoint: string, bucket: string): () => Promise<string | null> {
  const url = `${endpoint.replace(/\/+$/, '')}/${bucket}`;
  return async () => {
    try {
      const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(TIMEOUT_MS) });
      return response.status === 200 || response.status === 403
        ? null
        : `HEAD ${url} answered ${response.status}`;
    } catch (error) {
      return `HEAD ${url} failed: ${(error as Error).message}`;
    }
  };
}

/** Healthy when `select 1` succeeds. */
export function postgresCheck(url: string): () => Promise<string | null> {
  return async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: TIMEOUT_MS });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return null;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await client.end().catch(() => {});
    }
  };
}

/** Runs every check in parallel. */
export async function runHealthChecks(checks: HealthCheck[]): Promise<HealthReport> {
  const services = await Promise.all(
    checks.map(async (c): Promise<ServiceHealth> => {
      const base = { name: c.name, ...(c.url ? { url: c.url } : {}) };
      const missing = c.missing?.() ?? null;
      if (missing !== null) return { ...base, state: 'missing', detail: missing };
      const problem = await c.check();
      if (!problem) return { ...base, state: 'healthy' };
      return { ...base, state: c.starting?.() ? 'starting' : 'unhealthy', detail: problem };
    }),
  );
  return { ok: services.every((s) => s.state === 'healthy'), services };
}
