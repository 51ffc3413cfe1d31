// Security headers on every reply (helmet's), and no caching of API replies. Helmet works out its
// headers from its options; the options never change, so it runs once at start-up against a
// stand-in response and every request gets the same header list (@fastify/helmet ran helmet
// afresh, parsing the policy again, on every request). Routes that need their own policy (the
// meeting page, uploaded files) set it later and replace these. They are the reply's headers, not
// the raw response's: Node checks each header once either way, but one set on the raw response is
// also lowercased and stored there, then Fastify's own (content-type, content-length) are merged
// into that store one by one (bench:api: about 5% of a kept answer's CPU). A route that takes
// over the raw response (reply.hijack(), the event stream) writes SECURITY_HEADERS itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiRequest } from './request-kind.ts';

export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Many centers serve plain HTTP on their own network: upgrading would break every request.
      upgradeInsecureRequests: null,
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Only the meeting page is cross-origin isolated (see web-app.ts).
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets with these options, in its order, worked out once. */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader: (name: string) => {
      headers.delete(name.toLowerCase());
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/** helmetHeaders(HELMET_OPTIONS), in helmet's order: what every reply carries. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(helmetHeaders(HELMET_OPTIONS)),
);

export const securityHeaders = fp(
  async (app) => {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(SECURITY_HEADERS);
      done();
    });
    // API replies are personal and short-lived (some carry a host's start URL): never stored.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isApiRequest(request)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
