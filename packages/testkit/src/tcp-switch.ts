import net from 'node:net';

/**
 * A TCP hop in front of a real server that a test can cut and restore: `down()` resets every
 * open connection and stops listening (new connections are refused), `hang()` accepts
 * connections but never forwards a byte, `up()` listens again on the same port. Used to take the
 * real test database away from the service and give it back.
 */
export async function startTcpSwitch(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let mode: 'up' | 'hang' = 'up';
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'hang') return;
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const cutAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    port,
    async down() {
      mode = 'up';
      const closed = stopListening();
      cutAll();
      await closed;
    },
    async hang() {
      cutAll();
      mode = 'hang';
      if (!server.listening) await listen(port);
    },
    async up() {
      cutAll();
      mode = 'up';
      if (!server.listening) await listen(port);
    },
    async close() {
      const closed = stopListening();
      cutAll();
      await closed;
    },
  };
}
