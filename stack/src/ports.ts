import net from 'node:net';

export interface PortClaim {
  port: number;
  host: string;
  /** The variable that sets this port. */
  env: string;
  service: string;
}

/** Resolves to the error code when the port cannot be bound, or null when it is free. */
export function probePort(port: number, host: string): Promise<string | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/** Checks every port before anything starts; returns one clear message per busy port. */
export async function findBusyPorts(claims: PortClaim[]): Promise<string[]> {
  const problems: string[] = [];
  for (const claim of claims) {
    const code = await probePort(claim.port, claim.host);
    if (code === null) continue;
    problems.push(
      code === 'EADDRINUSE'
        ? `port ${claim.port} (${claim.service}) is already in use: stop what uses it or set ${claim.env} to another port`
        : `port ${claim.port} (${claim.service}) cannot be used on ${claim.host} (${code}): set ${claim.env} to another port`,
    );
  }
  return problems;
}
