// The app as a student's phone reaches it in production (README, "Deploying behind HTTPS"): behind
// a reverse proxy that terminates TLS and speaks HTTP/2 to the browser (Caddy does by default,
// nginx with `http2 on`), and HTTP/1.1 with keep-alive to the app. bench:web measures the pages
// through this proxy as well as directly: over HTTP/1.1 a browser opens at most six connections
// to a host and each request holds one for a round trip, over HTTP/2 every request shares one
// connection, which on a 150 ms mobile link is most of the difference (bench/web-pages.ts).
//
// The certificate is self-signed for 127.0.0.1, made with the openssl command for the run; the
// browser is started with --ignore-certificate-errors.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { endToEnd } from './proxy.ts';

/** A key and a self-signed certificate for 127.0.0.1, valid a day, written into `dir`. */
export function selfSignedCertificate(dir: string) {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) };
}

/**
 * Listens on 127.0.0.1 (HTTPS, HTTP/2 with HTTP/1.1 as fallback) and passes every request to
 * `upstream` over keep-alive connections, bodies streamed both ways (the event stream too), with
 * the X-Forwarded-* headers a proxy adds (the app trusts them with TRUST_PROXY=true).
 */
export async function startHttpsProxy(upstream: URL, certificate: { key: Buffer; cert: Buffer }) {
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer(
    { ...certificate, allowHTTP1: true },
    (request, response) => {
      // HTTP/2's pseudo-headers (':path'…) are not HTTP/1.1 headers; Host is set from ':authority'.
      const headers = endToEnd(request.headers);
      for (const name of Object.keys(headers)) if (name.startsWith(':')) delete headers[name];
      headers.host = request.headers[':authority'] ?? request.headers.host;
      headers['x-forwarded-proto'] = 'https';
      headers['x-forwarded-for'] = request.socket.remoteAddress;
      const outgoing = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers,
          agent,
        },
        (incoming) => {
          // HTTP/2 forbids a connection's headers (RFC 9113 §8.2.2), as endToEnd leaves them out.
          const replyHeaders = endToEnd(incoming.headers);
          // On HTTP/2 writeHead sends the head at once: an event stream's too, before its first
          // event.
          response.writeHead(incoming.statusCode ?? 502, replyHeaders);
          incoming.pipe(response);
        },
      );
      outgoing.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      response.on('close', () => outgoing.destroy());
      request.pipe(outgoing);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // Open HTTP/2 sessions (the event stream) would keep close() waiting.
        setTimeout(resolve, 1_000).unref();
      }),
  };
}
