// A small round-robin HTTP proxy for the benchmarks (bench/processes.ts): each request goes to the
// next upstream in turn, over keep-alive connections kept per upstream (as nginx's `upstream` with
// `keepalive` would); bodies stream both ways as they come, so a server-sent event stream passes
// through unbuffered, each event written on as soon as it arrives.
//
// Run as a child process with an IPC channel (child_process.fork), so its CPU is its own:
//   fork('bench/proxy.ts', ['http://127.0.0.1:3001', 'http://127.0.0.1:3002'])
// It sends { port } once it listens, and answers 'stats' with { stats: ProxyStats }.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyStats {
  /** Requests sent to each upstream, in the order given. */
  requests: number[];
  /** Of those, event streams (text/event-stream replies). */
  eventStreams: number[];
  /** Requests answered 502 because the upstream failed. */
  failed: number;
}

/** Headers that belong to one connection, not to the message: never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** A message's own headers, without those of its connection (also used by https-proxy.ts). */
export function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

export function startProxy(upstreams: URL[]): Promise<{ server: http.Server; stats: ProxyStats }> {
  const agents = upstreams.map(() => new http.Agent({ keepAlive: true }));
  const stats: ProxyStats = {
    requests: upstreams.map(() => 0),
    eventStreams: upstreams.map(() => 0),
    failed: 0,
  };
  let next = 0;
  const server = http.createServer({ noDelay: true, keepAlive: true }, (request, response) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    stats.requests[index]!++;
    const upstream = upstreams[index]!;
    const headers = endToEnd(request.headers);
    headers['x-forwarded-for'] = request.socket.remoteAddress;
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers,
        agent: agents[index],
      },
      (incoming) => {
        response.writeHead(incoming.statusCode ?? 502, endToEnd(incoming.headers));
        if (String(incoming.headers['content-type']).startsWith('text/event-stream')) {
          stats.eventStreams[index]!++;
          // The head now, not with the first event.
          response.flushHeaders();
        }
        incoming.pipe(response);
      },
    );
    outgoing.setNoDelay(true);
    let clientGone = false;
    outgoing.on('error', () => {
      if (clientGone) return;
      stats.failed++;
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    // The client went away before its answer ended (a closed event stream): so does the upstream
    // request, freeing the server's stream.
    response.on('close', () => {
      if (response.writableFinished) return;
      clientGone = true;
      outgoing.destroy();
    });
    // A request without a body (most) is sent at once, without a pipe to set up.
    if (request.headers['content-length'] === undefined && !request.headers['transfer-encoding']) {
      request.resume();
      outgoing.end();
    } else {
      request.pipe(outgoing);
    }
  });
  // Longer than the load generator's connections stay idle between runs.
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, stats }));
  });
}

// Started as a child process.
if (process.send && import.meta.filename === process.argv[1]) {
  const upstreams = process.argv.slice(2).map((url) => new URL(url));
  const { server, stats } = await startProxy(upstreams);
  process.on('message', (message) => {
    if (message === 'stats') process.send?.({ stats });
  });
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  process.send({ port: (server.address() as AddressInfo).port });
}
