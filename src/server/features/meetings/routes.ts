// Starting and joining a lesson's meeting (product.md §6, §7 start flow, §8 errors). Without Zoom
// configured, a start ends with the specification's 'Lỗi tài khoản Zoom' error, as no pool
// account can host it. Signatures are made here only, for a user entitled to that meeting.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meetingAccountSchema, meetingLaunchSchema } from '#common/meetings.ts';
import { hasPermission } from '#common/permissions.ts';
import { errorReplies, idParam, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { unseenRecordError } from '#server/db/visibility.ts';
import { AppError } from '#server/errors.ts';
import { currentUser } from '#server/features/auth/guards.ts';
import { endLesson } from '#server/features/meetings/lesson-lifecycle.ts';
import { notifyLessonStarted, tryToNotify } from '#server/features/notifications/notify.ts';
import { schedulesWithClass } from '#server/features/schedules/queries.ts';
import { meetingSignature } from '#server/features/zoom/sdk-signature.ts';
import { localDateTimeText } from '#server/lib/center-time.ts';
import { accountOf, startLesson } from './start-lesson.ts';

export const meetingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    const findLesson = async (
      request: Parameters<typeof currentUser>[0],
      scheduleId: string,
      refusal: AppError = new AppError('FORBIDDEN'),
    ) => {
      const viewer = currentUser(request);
      const row = await schedulesWithClass(db, viewer)
        .where('s.schedule_id', '=', scheduleId)
        .executeTakeFirst();
      if (!row) {
        throw await unseenRecordError(
          db,
          'schedule',
          scheduleId,
          refusal,
          new AppError('MEETING_DATA_MISSING'),
        );
      }
      return { viewer, row };
    };

    app.post(
      '/schedules/:scheduleId/start',
      {
        schema: {
          tags: ['meetings'],
          summary: "Start a lesson's meeting as host (the class's teacher, admin, staff)",
          params: z.object({ scheduleId: idParam }),
          response: {
            200: meetingLaunchSchema,
            ...errorReplies,
            502: errorReplies[400],
            503: errorReplies[400],
          },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        if (!hasPermission(viewer.role, 'start_meeting')) {
          throw new AppError('MEETING_START_FORBIDDEN');
        }
        const { row } = await findLesson(
          request,
          request.params.scheduleId,
          new AppError('MEETING_START_FORBIDDEN'),
        );
        const now = ctx.clock.now().getTime();
        if (row.status === 'completed' || Date.parse(row.end_time) <= now) {
          throw new AppError('MEETING_TOO_LATE');
        }
        // A started lesson holds a pool account until it ends: not days before it begins.
        const opensAt = Date.parse(row.start_time) - ctx.config.earlyStartMs;
        if (row.status === 'pending' && now < opensAt) {
          throw new AppError('MEETING_TOO_EARLY', {
            params: {
              time: localDateTimeText(new Date(opensAt), ctx.config.centerTimezone),
              minutes: String(ctx.config.earlyStartMs / 60_000),
            },
          });
        }
        const launch = await startLesson(ctx, viewer, row);
        if (row.status === 'pending') {
          await tryToNotify(request.log, () => notifyLessonStarted(ctx, row));
        }
        return launch;
      },
    );

    app.post(
      '/schedules/:scheduleId/join',
      {
        schema: {
          tags: ['meetings'],
          summary:
            "Join an active lesson's meeting as a participant (enrolled students; the class's teacher and admin)",
          params: z.object({ scheduleId: idParam }),
          response: { 200: meetingLaunchSchema, ...errorReplies, 503: errorReplies[400] },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        // product.md §6: join_meeting (admin, teacher, student), for a lesson the user can see.
        if (!hasPermission(viewer.role, 'join_meeting')) throw new AppError('FORBIDDEN');
        const { row } = await findLesson(request, request.params.scheduleId);
        if (row.status !== 'active') throw new AppError('MEETING_CANNOT_JOIN');
        if (!row.zoom_meeting_id) throw new AppError('MEETING_NOT_STARTED');
        const sdk = ctx.config.zoom.sdk;
        if (!sdk) throw new AppError('MEETING_SDK_NOT_CONFIGURED');
        return {
          scheduleId: row.schedule_id,
          meetingNumber: row.zoom_meeting_id,
          signature: meetingSignature(sdk, row.zoom_meeting_id, 0, ctx.clock.now()),
          password: row.zoom_password ?? '',
          role: 0 as const,
          userName: viewer.full_name,
          userEmail: viewer.email,
          // Webhooks report it back, so attendance knows which student joined (at most 36 chars).
          customerKey: viewer.user_id,
          zoomAccountId: row.zoom_account_id ?? undefined,
          account: await accountOf(ctx, row.zoom_account_id),
        };
      },
    );

    app.get(
      '/schedules/:scheduleId/meeting-keys',
      {
        schema: {
          tags: ['meetings'],
          summary:
            "What the meeting page needs besides SPEC.md's parameters, never put in a URL: the host's fresh ZAK (role=1: who may start the lesson) or the participant's customer key (role=0), for an active lesson",
          params: z.object({ scheduleId: idParam }),
          querystring: z.object({ role: z.enum(['0', '1']) }),
          response: {
            200: z.object({ zak: z.string().optional(), customerKey: z.string().optional() }),
            ...errorReplies,
            502: errorReplies[400],
            503: errorReplies[400],
          },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        const host = request.query.role === '1';
        const allowed = hasPermission(viewer.role, host ? 'start_meeting' : 'join_meeting');
        const refusal = new AppError(host ? 'MEETING_START_FORBIDDEN' : 'FORBIDDEN');
        if (!allowed) throw refusal;
        const { row } = await findLesson(request, request.params.scheduleId, refusal);
        if (row.status !== 'active' || !row.zoom_meeting_id) {
          throw new AppError('MEETING_CANNOT_JOIN');
        }
        if (!host) return { customerKey: viewer.user_id };
        const zoom = ctx.zoom;
        if (!zoom) throw new AppError('MEETING_NO_FREE_ACCOUNT');
        const account = row.zoom_account_id
          ? await db
              .selectFrom('zoom_accounts')
              .select('zoom_user_id')
              .where('zoom_account_id', '=', row.zoom_account_id)
              .executeTakeFirst()
          : undefined;
        if (!account) throw new AppError('MEETING_ASSIGN_FAILED');
        try {
          return { zak: await zoom.zak(account.zoom_user_id) };
        } catch (error) {
          throw new AppError('MEETING_SIGNATURE_FAILED', { cause: error });
        }
      },
    );

    app.post(
      '/schedules/:scheduleId/end',
      {
        schema: {
          tags: ['meetings'],
          summary:
            "End an active lesson: its Zoom meeting ends, the lesson is completed and its account freed (the class's teacher, admin)",
          params: z.object({ scheduleId: idParam }),
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        // Admin, and the class's own teacher (a teacher sees only their own classes' lessons).
        if (!hasPermission(viewer.role, 'end_lesson')) throw new AppError('LESSON_END_FORBIDDEN');
        const { row } = await findLesson(
          request,
          request.params.scheduleId,
          new AppError('LESSON_END_FORBIDDEN'),
        );
        if (row.status !== 'active') throw new AppError('LESSON_NOT_ACTIVE');
        // A race with the webhook or the expiry job: the one that lost is told it is over.
        if (!(await endLesson(ctx, row.schedule_id, request.log)))
          throw new AppError('LESSON_NOT_ACTIVE');
        return { ok: true as const, code: 'LESSON_ENDED' as const };
      },
    );

    // The meeting page's overlay (product.md §2): the account hosting a lesson the viewer can see.
    app.get(
      '/schedules/:scheduleId/zoom-account',
      {
        schema: {
          tags: ['meetings'],
          summary: 'The Zoom pool account hosting a lesson the signed-in user can see',
          params: z.object({ scheduleId: idParam }),
          response: { 200: meetingAccountSchema, ...errorReplies },
        },
      },
      async (request) => {
        const { row } = await findLesson(request, request.params.scheduleId);
        const account = await accountOf(ctx, row.zoom_account_id);
        if (!account) throw new AppError('ZOOM_ACCOUNT_NOT_FOUND');
        return account;
      },
    );
  };
