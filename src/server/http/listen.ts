// Listening for connections on several sockets at once.
//
// Node (libuv 1.45 and later, libuv#3696) accepts one new connection per turn of the event
// loop, and under load one turn serves every request that is ready: at 500 connections a turn
// took 100-700 ms on the 2-core bench machine, so a burst of new connections (everyone opening
// the app when a lesson starts) waited seconds in the kernel's queue, and at 200-500 connections
// requests timed out before the server had even seen them (bench:load; docs/decisions/007).
// Several listening sockets on the same port (SO_REUSEPORT, Linux) each accept one connection
// per turn, the kernel spreads new connections across them, and each hands its connections to
// the one HTTP server.
import net from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

export interface Listening {
  /** The address the server answers on, as Fastify reports it. */
  address: string;
  /** The listening sockets besides the app's own (none with one acceptor). */
  extraSockets: readonly net.Server[];
  /** Stops the extra listening sockets (the app's own closes with the app). */
  close(): Promise<void>;
}

/** Where SO_REUSEPORT spreads connections across sockets (Node refuses the option elsewhere). */
export const spreadsConnections = process.platform === 'linux';

export async function listen(
  app: FastifyInstance,
  options: { port: number; host: string; acceptors: number },
): Promise<Listening> {
  const { port, host } = options;
  const acceptors = spreadsConnections ? options.acceptors : 1;
  if (acceptors <= 1) {
    return { address: await app.listen({ port, host }), extraSockets: [], close: async () => {} };
  }
  // SO_REUSEPORT would also let a second copy of the app (or another program run by the same
  // user) bind the same port and silently take half the connections. A plain bind first keeps
  // "port already in use" an error.
  if (port !== 0) await assertPortFree(port, host);
  // Fastify hands its options to net.Server#listen, whose reusePort its types do not list yet.
  const withReusePort: FastifyListenOptions & { reusePort: boolean } = {
    port,
    host,
    reusePort: true,
  };
  const address = await app.listen(withReusePort);
  const extra: net.Server[] = [];
  try {
    for (const bound of app.addresses() as net.AddressInfo[]) {
      for (let i = 1; i < acceptors; i++) {
        const server = net.createServer({ noDelay: true }, (socket) => {
          app.server.emit('connection', socket);
        });
        extra.push(server);
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen({ port: bound.port, host: bound.address, reusePort: true }, () => {
            server.off('error', reject);
            resolve();
          });
        });
      }
    }
  } catch (error) {
    await closeAll(extra);
    await app.close();
    throw error;
  }
  return { address, extraSockets: extra, close: () => closeAll(extra) };
}

function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port, host }, () => probe.close(() => resolve()));
  });
}

/**
 * Stops the sockets listening. Their connections belong to the HTTP server, which ends them when
 * the app closes (net.Server#close would otherwise wait for them before calling back, and they
 * only end once the app closes after this).
 */
async function closeAll(servers: net.Server[]): Promise<void> {
  for (const server of servers) if (server.listening) server.close();
}
