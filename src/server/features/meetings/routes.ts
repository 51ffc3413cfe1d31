// Starting, joining and ending a lesson's meeting (product.md §6, §7 start flow, §8 errors). The
// routes parse and call the operations beside them; whatever a provider needs is made on the
// server only, for a user entitled to that meeting and role.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meetingLaunchSchema } from '#common/meetings.ts';
import { errorReplies, idParam, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser } from '#server/features/auth/index.ts';
import { endLessonNow } from './end-lesson.ts';
import { joinLesson, meetingKeys } from './join-lesson.ts';
import { startLesson } from './start-lesson.ts';

const lessonParams = z.object({ scheduleId: idParam });

export const meetingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/schedules/:scheduleId/start',
      {
        schema: {
          tags: ['meetings'],
          summary: "Start a lesson's meeting as host (the class's teacher, admin, staff)",
          params: lessonParams,
          response: {
            200: meetingLaunchSchema,
            ...errorReplies,
            502: errorReplies[400],
            503: errorReplies[400],
          },
        },
      },
      (request) => startLesson(ctx, currentUser(request), request.params),
    );

    app.post(
      '/schedules/:scheduleId/join',
      {
        schema: {
          tags: ['meetings'],
          summary:
            "Join an active lesson's meeting as a participant (enrolled students; the class's teacher and admin)",
          params: lessonParams,
          response: { 200: meetingLaunchSchema, ...errorReplies, 503: errorReplies[400] },
        },
      },
      (request) => joinLesson(ctx, currentUser(request), request.params),
    );

    app.get(
      '/schedules/:scheduleId/meeting-keys',
      {
        schema: {
          tags: ['meetings'],
          summary:
            "What the meeting page needs besides product.md's parameters, never put in a URL: the host's fresh key (role=1: who may start the lesson) or the participant's key (role=0), for an active lesson",
          params: lessonParams,
          querystring: z.object({ role: z.enum(['0', '1']) }),
          response: {
            200: z.record(z.string(), z.string()),
            ...errorReplies,
            502: errorReplies[400],
            503: errorReplies[400],
          },
        },
      },
      (request) =>
        meetingKeys(ctx, currentUser(request), {
          scheduleId: request.params.scheduleId,
          role: request.query.role === '1' ? 'host' : 'participant',
        }),
    );

    app.post(
      '/schedules/:scheduleId/end',
      {
        schema: {
          tags: ['meetings'],
          summary:
            "End an active lesson: its meeting ends, the lesson is completed and its account freed (the class's teacher, admin)",
          params: lessonParams,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        await endLessonNow(ctx, currentUser(request), request.params, request.log);
        return { ok: true as const, code: 'LESSON_ENDED' as const };
      },
    );
  };
