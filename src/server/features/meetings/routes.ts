// Starting and joining a lesson's meeting (SPEC.md §6, §7 start flow, §8 errors). This file
// holds the rules that do not depend on Zoom; without Zoom configured, a start ends with the
// specification's 'Lỗi tài khoản Zoom' error, as no pool account can host it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.ts';
import { errorReplies, idParam } from '../../common-schemas.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { schedulesWithClass } from '../schedules/queries.ts';

const MEETING_ROLES_THAT_START = new Set(['teacher', 'admin', 'staff']);

export const meetingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    const findLesson = async (request: Parameters<typeof currentUser>[0], scheduleId: string) => {
      const viewer = currentUser(request);
      const row = await schedulesWithClass(db, viewer)
        .where('s.schedule_id', '=', scheduleId)
        .executeTakeFirst();
      if (!row) throw new AppError('MEETING_DATA_MISSING', { status: 404 });
      return { viewer, row };
    };

    app.post(
      '/schedules/:scheduleId/start',
      {
        schema: {
          tags: ['meetings'],
          summary: "Start a lesson's meeting as host (the class's teacher, admin, staff)",
          params: z.object({ scheduleId: idParam }),
          response: { ...errorReplies, 503: errorReplies[400] },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        if (!MEETING_ROLES_THAT_START.has(viewer.role))
          throw new AppError('MEETING_START_FORBIDDEN', { status: 403 });
        const { row } = await findLesson(request, request.params.scheduleId);
        if (row.status === 'completed' || Date.parse(row.end_time) <= ctx.clock.now().getTime()) {
          throw new AppError('MEETING_TOO_LATE', { status: 409 });
        }
        throw new AppError('MEETING_NO_FREE_ACCOUNT', { status: 503 });
      },
    );

    app.post(
      '/schedules/:scheduleId/join',
      {
        schema: {
          tags: ['meetings'],
          summary: "Join an active lesson's meeting as a participant (enrolled students)",
          params: z.object({ scheduleId: idParam }),
          response: { ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        if (viewer.role !== 'student') throw new AppError('FORBIDDEN');
        const { row } = await findLesson(request, request.params.scheduleId);
        if (row.status !== 'active') throw new AppError('MEETING_CANNOT_JOIN', { status: 409 });
        if (!row.zoom_meeting_id) throw new AppError('MEETING_NOT_STARTED', { status: 409 });
        throw new AppError('MEETING_SIGNATURE_FAILED', { status: 503 });
      },
    );
  };
