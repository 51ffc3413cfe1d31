import http from 'node:http';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { listen, spreadsConnections } from '#server/http/listen.ts';

const opened: { app: FastifyInstance; close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const { app, close } of opened.splice(0)) {
    await close();
    await app.close();
  }
});

/** An app on `acceptors` sockets, counting the connections each extra socket accepts. */
async function start(acceptors: number, port = 0) {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ ok: true }));
  const listening = await listen(app, { port, host: '127.0.0.1', acceptors });
  opened.push({ app, close: listening.close });
  const acceptedByExtra = listening.extraSockets.map(() => 0);
  listening.extraSockets.forEach((socket, i) => {
    socket.on('connection', () => {
      acceptedByExtra[i]! += 1;
    });
  });
  return { app, listening, acceptedByExtra, port: Number(new URL(listening.address).port) };
}

/** n requests at once, each on its own new connection. */
async function burst(port: number, n: number) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: n });
  const one = () =>
    new Promise<{ ok: boolean }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/hello', agent }, (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => resolve(JSON.parse(body)));
        })
        .on('error', reject);
    });
  const answers = await Promise.all(Array.from({ length: n }, one));
  agent.destroy();
  return answers;
}

test('new connections are spread over several listening sockets and served by the one app', async () => {
  const { acceptedByExtra, port } = await start(8);
  const answers = await burst(port, 200);
  expect(answers).toEqual(Array.from({ length: 200 }, () => ({ ok: true })));
  if (spreadsConnections) {
    // The kernel spreads connections by their addresses: of 200, the seven extra sockets take
    // some (about 7/8), and the app's own socket takes the rest.
    expect(acceptedByExtra).toHaveLength(7);
    const extra = acceptedByExtra.reduce((sum, n) => sum + n, 0);
    expect(extra).toBeGreaterThan(100);
    expect(extra).toBeLessThan(200);
    expect(acceptedByExtra.filter((n) => n > 0).length).toBeGreaterThan(3);
  } else {
    expect(acceptedByExtra).toEqual([]);
  }
});

test('with one acceptor the app listens on its own socket alone', async () => {
  const { acceptedByExtra, port } = await start(1);
  expect(await burst(port, 50)).toHaveLength(50);
  expect(acceptedByExtra).toEqual([]);
});

test('a port already in use stays an error, also for a second copy of the app', async () => {
  const { port } = await start(4);
  await expect(start(4, port)).rejects.toMatchObject({ code: 'EADDRINUSE' });

  const other = net.createServer();
  await new Promise<void>((resolve) => other.listen({ port: 0, host: '127.0.0.1' }, resolve));
  const taken = (other.address() as net.AddressInfo).port;
  try {
    await expect(start(4, taken)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  } finally {
    other.close();
  }
});

test('closing frees the port', async () => {
  const { app, listening, port } = await start(4);
  opened.pop();
  await listening.close();
  await app.close();
  const again = net.createServer();
  await new Promise<void>((resolve, reject) => {
    again.once('error', reject);
    again.listen({ port, host: '127.0.0.1' }, resolve);
  });
  again.close();
});

test('closing does not wait for kept-alive connections, and the app then ends them', async () => {
  const { app, listening, acceptedByExtra, port } = await start(8);
  opened.pop();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
  await Promise.all(
    Array.from(
      { length: 40 },
      () =>
        new Promise<void>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: '/hello', agent }, (response) => {
              response.resume().on('end', resolve);
            })
            .on('error', reject);
        }),
    ),
  );
  if (spreadsConnections) expect(acceptedByExtra.some((n) => n > 0)).toBe(true);
  const started = Date.now();
  await listening.close();
  await app.close();
  expect(Date.now() - started).toBeLessThan(2_000);
  agent.destroy();
});
