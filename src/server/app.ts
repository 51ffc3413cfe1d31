// Builds the Fastify instance: security, sessions, every feature's routes, errors.
// Tests build it with their own context; main.ts builds it and listens.
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { authRoutes } from './auth/routes.ts';
import { findSessionUser, SESSION_COOKIE } from './auth/sessions.ts';
import type { AppContext } from './context.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { AppError } from './errors.ts';
import { centerSettingsRoutes } from './features/center-settings/routes.ts';
import { myStudentsRoutes } from './features/classes/my-students-routes.ts';
import { classRoutes } from './features/classes/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { meetingRoutes } from './features/meetings/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { scheduleRoutes } from './features/schedules/routes.ts';
import { themeRoutes } from './features/themes/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { zoomAccountRoutes } from './features/zoom/accounts-routes.ts';
import { zoomConnectionCheckRoutes } from './features/zoom/connection-check.ts';
import { MEETING_PAGE_ISOLATION, meetingPageCsp } from './features/zoom/web-sdk.ts';
import { serveWebSdkFiles, webSdkRoutes } from './features/zoom/web-sdk-routes.ts';
import { zoomWebhookRoutes } from './features/zoom/webhook-routes.ts';
import { parseJsonBody } from './http/json-body.ts';
import { strictBodyValidatorCompiler } from './http/strict-body.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { SettableClock, testClockRoutes } from './testing/test-clock.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in. Every other /api route answers 401 to a signed-out caller. */
    public?: boolean;
  }
  interface FastifyInstance {
    /** Every route the server answers (HEAD aside), for the authorization matrix's inventory. */
    registeredRoutes: { method: string; url: string }[];
  }
}

const JSON_BODY_LIMIT = 1_048_576;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PUBLIC_API_ROUTES = new Set([
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/center-settings',
  'GET /api/themes/active',
  'GET /api/health',
]);
const catalogueTexts = new Set<string>(Object.values(messages));

/** Refuses state-changing requests that a page of another site made the browser send. */
function assertSameOrigin(request: FastifyRequest, publicOrigin: string | undefined) {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== publicOrigin) throw new AppError('CROSS_ORIGIN');
    return;
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('CROSS_ORIGIN');
}

/** Judged by the route that matched (the router decodes the path), else by the decoded path. */
function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route) return route.startsWith('/api/');
  try {
    return decodeURIComponent(request.url.split('?')[0] ?? '').startsWith('/api/');
  } catch {
    return false;
  }
}

/** NUL in a query string is never meant: PostgreSQL cannot even store it in text. */
function assertNoNulInQuery(request: FastifyRequest) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const [field, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && v.includes('\u0000'))) {
      throw new AppError('TEXT_INVALID_CHARACTERS', { field });
    }
  }
}

const fastifyErrorStatus: Record<string, { status: number; code: keyof typeof messages }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_PROTO_VIOLATION: { status: 400, code: 'VALIDATION' },
};

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      ctx.config.logLevel === 'silent'
        ? false
        : {
            level: ctx.config.logLevel,
            // Query strings can carry short-lived credentials: log paths only.
            serializers: {
              req: (req) => ({ method: req.method, url: req.url.split('?')[0] }),
            },
            redact: ['req.headers.cookie', 'req.headers.authorization'],
          },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url });
    }
  });

  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A form on another site can post text/plain without a CORS preflight: accept only JSON.
  app.removeContentTypeParser(['text/plain', 'application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  await app.register(helmet, {
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
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(multipart, { throwFileSizeLimit: true });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Edu Center API',
        version: '1',
        description:
          'JSON API of Edu Center. Sign in with POST /api/auth/login; the session cookie does the rest.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Set before any route plugin is registered: plugins inherit the handler they see.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers).code(error.statusCode).send(error.toBody());
      return;
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const field =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        error.validationContext ||
        'body';
      const known = catalogueTexts.has(issue.message ?? '') || issue.keyword === 'custom';
      reply.code(400).send({
        code: 'VALIDATION',
        message: known ? (issue.message ?? messages.VALIDATION) : `${field}: ${issue.message}`,
        field,
      });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply
        .code(503)
        .header('retry-after', '2')
        .send(new AppError('DATABASE_UNAVAILABLE').toBody());
      return;
    }
    const mapped = error.code ? fastifyErrorStatus[error.code] : undefined;
    if (mapped) {
      reply.code(mapped.status).send({ code: mapped.code, message: messages[mapped.code] });
      return;
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      reply
        .code(error.statusCode)
        .send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
      return;
    }
    request.log.error({ err: error }, 'unhandled error');
    reply.code(500).send(new AppError('INTERNAL').toBody());
  });

  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request) => {
    // Every state-changing request, whatever its path: `/%61pi/…` reaches the same routes as
    // `/api/…` once the router has decoded it.
    assertSameOrigin(request, ctx.config.publicOrigin);
    if (!isApiRequest(request)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 128) {
      request.sessionToken = token;
      request.user = await findSessionUser(
        ctx.database.db,
        token,
        ctx.clock.now(),
        ctx.config.session.idleMs,
      );
    }
  });
  // Before the body is validated, so a signed-out caller learns nothing from validation errors.
  app.addHook('preValidation', async (request) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    // Judged by the matched route, not the URL: /api/anything that matched no API route is a 404.
    const routeUrl = request.routeOptions.url ?? '';
    if (request.is404 || !routeUrl.startsWith('/api/') || routeUrl.startsWith('/api/docs')) return;
    // HEAD answers as GET does, so it passes the same rule (no exemption).
    const isPublic =
      PUBLIC_API_ROUTES.has(route.replace(/^HEAD /, 'GET ')) || request.routeOptions.config.public;
    if (!isPublic && !request.user) throw new AppError('UNAUTHENTICATED');
    assertNoNulInQuery(request);
  });
  // API replies are personal and short-lived (some carry a host's start URL): never stored.
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => {
      await ctx.database.db.selectFrom('app_settings').select('setting_key').limit(1).execute();
      return { status: 'ok' as const, database: ctx.database.dialect };
    },
  );

  for (const routes of [
    authRoutes,
    profileRoutes,
    userRoutes,
    centerSettingsRoutes,
    themeRoutes,
    classRoutes,
    myStudentsRoutes,
    scheduleRoutes,
    dashboardRoutes,
    meetingRoutes,
    zoomAccountRoutes,
    zoomConnectionCheckRoutes,
    webSdkRoutes,
    realtimeRoutes,
  ]) {
    await app.register(routes(ctx), { prefix: '/api' });
  }
  await app.register(zoomWebhookRoutes(ctx), { prefix: '/api' });
  if (ctx.clock instanceof SettableClock) {
    await app.register(testClockRoutes(ctx.clock), { prefix: '/api' });
  }

  fs.mkdirSync(ctx.files.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: ctx.files.root,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    list: false,
    serveDotFiles: false,
    // Only images the server itself named; never a temp file or anything that could be HTML.
    allowedPath: (pathName) => /\.(jpg|png|webp|gif)$/.test(pathName),
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => {
      res.header('x-content-type-options', 'nosniff');
      res.header('content-security-policy', "default-src 'none'; sandbox");
    },
  });

  await serveWebSdkFiles(app, ctx);

  // The built web app (dist/web): hashed assets cached for a year, index.html never cached,
  // and every page route the browser loads directly (a refresh on /settings) gets index.html.
  const webRoot = ctx.config.webRoot;
  const serveWeb = fs.existsSync(path.join(webRoot, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      index: ['index.html'],
      serveDotFiles: false,
      allowedPath: (pathName) => !pathName.startsWith('/.vite'),
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  if (serveWeb) {
    // The meeting page runs Zoom's SDK, which needs a looser policy than every other page.
    const policy = meetingPageCsp(ctx.config.zoom.webSdk);
    app.get('/meeting', (_request, reply) =>
      reply
        .header('content-security-policy', policy)
        // Cross-origin isolation: SharedArrayBuffer, which the SDK's gallery view needs.
        .headers(MEETING_PAGE_ISOLATION)
        .header('cache-control', 'no-cache')
        .sendFile('index.html', webRoot),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/files/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (serveWeb && isPage) {
      reply.header('cache-control', 'no-cache').sendFile('index.html', webRoot);
      return;
    }
    reply.code(404).send(new AppError('ROUTE_NOT_FOUND').toBody());
  });

  return app;
}
