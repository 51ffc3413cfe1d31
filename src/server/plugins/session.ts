// Loads the signed-in user once per API request and refuses signed-out callers on every API
// route not marked `config: { public: true }`.
import fp from 'fastify-plugin';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { createSessionLookup } from '#server/features/auth/session-lookup.ts';
import { SESSION_COOKIE } from '#server/features/auth/sessions.ts';
import { enterAuditScope } from '#server/lib/audit.ts';
import { isApiRequest } from './request-kind.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in. Every other /api route answers 401 to a signed-out caller. */
    public?: boolean;
  }
}

// Both checks run on every API request: plain loops over the own keys, no arrays made (most
// requests have no parameter at all).

/** NUL in a query string is never meant: PostgreSQL cannot even store it in text. */
function assertNoNulInQuery(query: unknown) {
  if (!query) return;
  const fields = query as Record<string, unknown>;
  for (const field in fields) {
    if (!Object.hasOwn(fields, field)) continue;
    const value = fields[field];
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && v.includes('\u0000'))) {
      throw new AppError('TEXT_INVALID_CHARACTERS', { field });
    }
  }
}

// No path parameter (an id, a date, a month, a feed's file name) ever holds a control character
// or half a surrogate pair; NUL reached PostgreSQL as a 500 (issue 30 finding 7).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused
const INVALID_IN_PATH = /[\u0000-\u001f\u007f]/;

/** Refuses a path parameter no route means, before any handler reads it. */
function assertCleanPathParams(params: unknown) {
  if (!params) return;
  const fields = params as Record<string, unknown>;
  for (const field in fields) {
    if (!Object.hasOwn(fields, field)) continue;
    const value = fields[field];
    if (typeof value === 'string' && (INVALID_IN_PATH.test(value) || !value.isWellFormed())) {
      throw new AppError('TEXT_INVALID_CHARACTERS', { field });
    }
  }
}

export const session = fp<{ ctx: AppContext }>(
  async (app, { ctx }) => {
    const findSessionUser = createSessionLookup(ctx);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);

    // Callback-style hooks: a request that needs no lookup (a page, a file, no cookie) goes on
    // at once, without a promise and a turn of the microtask queue per hook.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = isApiRequest(request) ? request.cookies[SESSION_COOKIE] : undefined;
      if (!token || token.length > 128) return done();
      request.sessionToken = token;
      const found = findSessionUser(token);
      if (!(found instanceof Promise)) {
        request.user = found;
        return done();
      }
      found.then((user) => {
        request.user = user;
        done();
      }, done);
    });
    // Before the body is validated, so a signed-out caller learns nothing from validation errors.
    app.addHook('preValidation', (request, _reply, done) => {
      // Judged by the matched route, not the URL: /api/anything that matched no API route is a 404.
      // One look at the route: each builds a new object.
      const { url: routeUrl = '', config } = request.routeOptions;
      if (request.is404 || !routeUrl.startsWith('/api/') || routeUrl.startsWith('/api/docs')) {
        return done();
      }
      try {
        // Public routes too (the calendar feed): nothing invalid reaches a query.
        assertCleanPathParams(request.params);
      } catch (error) {
        return done(error as Error);
      }
      // HEAD answers as GET does: the route's own config decides for both.
      if (!config.public && !request.user) {
        return done(new AppError('UNAUTHENTICATED'));
      }
      try {
        assertNoNulInQuery(request.query);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
    // The rest of the request runs knowing who acts and from where, for the audit entries its
    // operations write (lib/audit.ts). preHandler is the last hook: the handler, and everything it
    // awaits, runs inside the scope.
    app.addHook('preHandler', (request, _reply, done) => {
      if (!isApiRequest(request)) return done();
      const user = request.user;
      enterAuditScope(
        {
          actorId: user?.user_id ?? null,
          actorName: user ? user.full_name || user.email : null,
          ip: request.ip,
          clock: ctx.clock,
        },
        done,
      );
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
