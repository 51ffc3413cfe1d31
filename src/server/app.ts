// Builds the Fastify instance from its plugins (src/server/plugins/) and every feature's routes.
// Tests build it with their own context; main.ts builds it and listens.

import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { attendanceRoutes } from './features/attendance/routes.ts';
import { auditRoutes } from './features/audit/index.ts';
import { authRoutes } from './features/auth/routes.ts';
import { backupRoutes } from './features/backups/index.ts';
import { bankRoutes } from './features/bank/index.ts';
import { calendarRoutes } from './features/calendar/index.ts';
import { centerSettingsRoutes } from './features/center-settings/routes.ts';
import { classRoutes } from './features/classes/class-routes.ts';
import { enrolmentRoutes } from './features/classes/enrolment-routes.ts';
import { handOverRoutes } from './features/classes/hand-over-routes.ts';
import { myStudentsRoutes } from './features/classes/my-students-routes.ts';
import { closedDayRoutes } from './features/closed-days/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { emailRoutes } from './features/email/index.ts';
import { familyRoutes } from './features/family/index.ts';
import { healthRoutes } from './features/health/routes.ts';
import { lessonReportRoutes } from './features/lesson-reports/index.ts';
import { lessonRoutes } from './features/lessons/routes.ts';
import { seriesRoutes } from './features/lessons/series-routes.ts';
import { makeupRoutes, subscribeMakeups } from './features/makeups/index.ts';
import { materialRoutes } from './features/materials/index.ts';
import { meetingRoutes } from './features/meetings/routes.ts';
import { notificationRoutes, subscribeNotifications } from './features/notifications/index.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { installedProviders } from './features/providers/installed.ts';
import { recordingRoutes } from './features/recordings/index.ts';
import { roomRoutes } from './features/rooms/routes.ts';
import { teacherPayRoutes } from './features/teacher-pay/index.ts';
import { themeRoutes } from './features/themes/routes.ts';
import {
  bankAccountRoutes,
  debtRoutes,
  invoiceRoutes,
  tuitionRoutes,
} from './features/tuition/index.ts';
import { bulkUserRoutes } from './features/users/bulk/routes.ts';
import { parentRoutes } from './features/users/parent-routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { strictBodyValidatorCompiler } from './http/strict-body.ts';
import { type LogDestination, logAnsweredRequest, loggerOptions } from './lib/logging.ts';
import { apiDocs } from './plugins/api-docs.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { jsonOnly } from './plugins/json-only.ts';
import { sameOrigin } from './plugins/same-origin.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { session } from './plugins/session.ts';
import { uploadedFiles } from './plugins/uploaded-files.ts';
import { webApp } from './plugins/web-app.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { SettableClock, testClockRoutes } from './testing/test-clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the server answers (HEAD aside), for the authorization matrix's inventory. */
    registeredRoutes: { method: string; url: string }[];
  }
}

const JSON_BODY_LIMIT = 1_048_576;

/** Every feature's API routes, each under /api. */
const featureRoutes = [
  healthRoutes,
  authRoutes,
  profileRoutes,
  bulkUserRoutes,
  userRoutes,
  parentRoutes,
  centerSettingsRoutes,
  themeRoutes,
  classRoutes,
  enrolmentRoutes,
  handOverRoutes,
  myStudentsRoutes,
  lessonRoutes,
  seriesRoutes,
  roomRoutes,
  closedDayRoutes,
  tuitionRoutes,
  invoiceRoutes,
  bankAccountRoutes,
  bankRoutes,
  debtRoutes,
  teacherPayRoutes,
  calendarRoutes,
  notificationRoutes,
  attendanceRoutes,
  dashboardRoutes,
  familyRoutes,
  makeupRoutes,
  materialRoutes,
  meetingRoutes,
  recordingRoutes,
  lessonReportRoutes,
  emailRoutes,
  backupRoutes,
  auditRoutes,
  // Each installed video provider's own routes (its accounts, its webhook).
  ...installedProviders.flatMap((provider) => provider.routes),
  realtimeRoutes,
];

export interface AppOptions {
  /** Where the log goes and in which form (default: stdout, readable when it is a terminal). */
  log?: { destination?: LogDestination; terminal?: boolean };
}

export async function buildApp(
  ctx: AppContext,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions({
      level: ctx.config.logLevel,
      terminal: options.log?.terminal ?? Boolean(process.stdout.isTTY),
      destination: options.log?.destination,
    }),
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

  // One line per answered request (static files only at 'debug'): lib/logging.ts. Callback style:
  // no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    logAnsweredRequest(request, reply);
    done();
  });

  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Order matters: hooks run in the order they were added, and route plugins inherit the error
  // handler they see when registered.
  await app.register(jsonOnly);
  await app.register(securityHeaders);
  await app.register(cookie);
  await app.register(multipart, { throwFileSizeLimit: true });
  await app.register(apiDocs);
  await app.register(errorHandler);
  await app.register(sameOrigin, { publicOrigin: ctx.config.publicOrigin });
  await app.register(session, { ctx });

  const unsubscribe = subscribeNotifications(ctx, app.log);
  app.addHook('onClose', async () => unsubscribe());
  const unsubscribeMakeups = subscribeMakeups(ctx, app.log);
  app.addHook('onClose', async () => unsubscribeMakeups());

  for (const routes of featureRoutes) {
    await app.register(routes(ctx), { prefix: '/api' });
  }
  if (ctx.clock instanceof SettableClock) {
    await app.register(testClockRoutes(ctx.clock), { prefix: '/api' });
  }

  await app.register(uploadedFiles, { files: ctx.files });
  for (const provider of installedProviders) await provider.serve?.(app, ctx);
  const meetingPageHeaders = Object.assign(
    {},
    ...installedProviders.map((provider) => provider.meetingPageHeaders?.(ctx)),
  ) as Record<string, string>;
  await app.register(webApp, {
    webRoot: ctx.config.webRoot,
    meetingPageHeaders,
    events: ctx.events,
  });
  return app;
}
