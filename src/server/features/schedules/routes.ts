// Lessons (product.md §2 class details and Schedules page, §5, §6).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZE, SCHEDULE_STATUSES } from '#common/constants.ts';
import { scheduleListSchema, scheduleSchema } from '#common/dto.ts';
import { EVENT } from '#common/events.ts';
import { messages } from '#common/messages.ts';
import { canDeleteLesson } from '#common/permissions.ts';
import { createScheduleInput, updateScheduleTopicInput } from '#common/schemas.ts';
import { errorReplies, idParam, okReply, pageQuery } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { unseenRecordError } from '#server/db/visibility.ts';
import { AppError } from '#server/errors.ts';
import { currentUser, userWithPermission } from '#server/features/auth/guards.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { findVisibleClass } from '#server/features/classes/queries.ts';
import { idempotencyKeyOf } from '#server/http/idempotency.ts';
import { createCenterWideCache, isCenterWideViewer } from '#server/lib/center-wide-cache.ts';
import { createSchedule } from './create-schedule.ts';
import { schedulesWithClass, toScheduleDto } from './queries.ts';

/** What changed in a lesson, when only its texts did (no lesson added, removed or moved on). */
const TOPIC_CHANGE = 'topic' as const;

type StatusCounts = { status: string; n: number | string }[];

/**
 * The per-status counts of the Schedules page visit every lesson; for admin and staff they are
 * the same for everyone (teachers' counts are small: never cached). A topic edit leaves them as
 * they are, so teachers editing topics do not make every admin's page recount.
 */
function createCenterWideCountsCache(ctx: AppContext) {
  const cache = createCenterWideCache<StatusCounts>(ctx, {
    invalidatedBy: (event) =>
      event.type === EVENT.classes ||
      (event.type === EVENT.schedules && event.data?.change !== TOPIC_CHANGE),
    maxAgeMs: 30_000,
  });
  return {
    get: (viewer: SessionUser, load: () => Promise<StatusCounts>) =>
      isCenterWideViewer(viewer) ? cache.get('counts', load) : load(),
  };
}

export const scheduleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const countsCache = createCenterWideCountsCache(ctx);
    const announce = (classId: string, scheduleId: string, change?: typeof TOPIC_CHANGE) =>
      ctx.events.publish({
        type: EVENT.schedules,
        data: { class_id: classId, schedule_id: scheduleId, ...(change ? { change } : {}) },
      });

    const findVisibleSchedule = async (viewer: SessionUser, scheduleId: string) => {
      const row = await schedulesWithClass(db, viewer)
        .where('s.schedule_id', '=', scheduleId)
        .executeTakeFirst();
      if (!row) throw await unseenRecordError(db, 'schedule', scheduleId);
      return row;
    };

    app.get(
      '/classes/:classId/schedules',
      {
        schema: {
          tags: ['schedules'],
          summary: "A class's lessons in time order",
          params: z.object({ classId: idParam }),
          response: { 200: z.object({ items: z.array(scheduleSchema) }), ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        const { classId } = request.params;
        await findVisibleClass(db, viewer, classId);
        const rows = await schedulesWithClass(db, viewer)
          .where('s.class_id', '=', classId)
          .orderBy('s.start_time')
          .execute();
        return { items: rows.map((row) => toScheduleDto(row, viewer)) };
      },
    );

    app.post(
      '/classes/:classId/schedules',
      {
        schema: {
          tags: ['schedules'],
          summary: 'Add a lesson to a class (admin, staff)',
          params: z.object({ classId: idParam }),
          body: createScheduleInput,
          response: { 201: scheduleSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const actor = userWithPermission(request, 'create_schedule');
        const { classId } = request.params;
        const key = idempotencyKeyOf(request);
        let scheduleId: string;
        try {
          scheduleId = await createSchedule(ctx, actor, classId, request.body, key);
        } catch (error) {
          // Two copies of one retried request at once: the second finds the first's lesson.
          if (!key || !isUniqueViolation(error)) throw error;
          scheduleId = await createSchedule(ctx, actor, classId, request.body, key);
        }
        await announce(classId, scheduleId);
        reply.code(201);
        return toScheduleDto(await findVisibleSchedule(actor, scheduleId), actor);
      },
    );

    app.get(
      '/schedules',
      {
        schema: {
          tags: ['schedules'],
          summary:
            'The Schedules page: lessons newest first with class, teacher, student count and n/total, and counts per status (admin, staff; teachers see their active classes)',
          querystring: z.object({ status: z.enum(SCHEDULE_STATUSES).optional(), page: pageQuery }),
          response: { 200: scheduleListSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = userWithPermission(request, 'view_schedule_list');
        const { status, page } = request.query;
        const base = schedulesWithClass(db, viewer);
        const filtered = status ? base.where('s.status', '=', status) : base;
        const [rows, countsByStatus] = await Promise.all([
          filtered
            .select((eb) => [
              eb
                .selectFrom('class_students as cs')
                .select(eb.fn.countAll<number>().as('n'))
                .whereRef('cs.class_id', '=', 's.class_id')
                .as('student_count'),
              eb
                .selectFrom('schedules as earlier')
                .select(eb.fn.countAll<number>().as('n'))
                .whereRef('earlier.class_id', '=', 's.class_id')
                .whereRef('earlier.start_time', '<=', 's.start_time')
                .as('session_index'),
              eb
                .selectFrom('schedules as every')
                .select(eb.fn.countAll<number>().as('n'))
                .whereRef('every.class_id', '=', 's.class_id')
                .as('session_total'),
            ])
            // Both descending: the (start_time, schedule_id) index read backwards serves the
            // page without sorting every lesson (migration 003).
            .orderBy('s.start_time', 'desc')
            .orderBy('s.schedule_id', 'desc')
            .limit(PAGE_SIZE)
            .offset((page - 1) * PAGE_SIZE)
            .execute(),
          countsCache.get(viewer, () =>
            isCenterWideViewer(viewer)
              ? // Every lesson of an active class: counted per class from the (class, status)
                // index alone, then the classes joined in (see migration 003).
                db
                  .selectFrom((eb) =>
                    eb
                      .selectFrom('schedules')
                      .select(['class_id', 'status', eb.fn.countAll<number>().as('n')])
                      .groupBy(['class_id', 'status'])
                      .as('g'),
                  )
                  .innerJoin('classes as c', 'c.class_id', 'g.class_id')
                  .where('c.is_active', '=', true)
                  .select((eb) => ['g.status', eb.fn.sum<number>('g.n').as('n')])
                  .groupBy('g.status')
                  .execute()
              : base
                  .clearSelect()
                  .select((eb) => ['s.status', eb.fn.countAll<number>().as('n')])
                  .groupBy('s.status')
                  .execute(),
          ),
        ]);
        const counts = { all: 0, pending: 0, active: 0, completed: 0 };
        for (const row of countsByStatus) {
          const n = Number(row.n);
          counts.all += n;
          if (row.status in counts) counts[row.status as keyof typeof counts] += n;
        }
        return {
          items: rows.map((row) => toScheduleDto(row, viewer)),
          total: status ? counts[status] : counts.all,
          page,
          pageSize: PAGE_SIZE,
          counts,
        };
      },
    );

    app.patch(
      '/schedules/:scheduleId',
      {
        schema: {
          tags: ['schedules'],
          summary: "Change a lesson's topic (admin, and the class's teacher)",
          params: z.object({ scheduleId: idParam }),
          body: updateScheduleTopicInput,
          response: { 200: scheduleSchema, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'update_schedule_topic');
        const row = await findVisibleSchedule(actor, request.params.scheduleId);
        await db
          .updateTable('schedules')
          .set({ topic: request.body.topic, updated_at: ctx.clock.now().toISOString() })
          .where('schedule_id', '=', row.schedule_id)
          .execute();
        await announce(row.class_id, row.schedule_id, TOPIC_CHANGE);
        return toScheduleDto(await findVisibleSchedule(actor, row.schedule_id), actor);
      },
    );

    app.delete(
      '/schedules/:scheduleId',
      {
        schema: {
          tags: ['schedules'],
          summary: 'Delete a lesson (admin, staff; a completed one: admin only)',
          params: z.object({ scheduleId: idParam }),
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        const actor = userWithPermission(request, 'create_schedule');
        const row = await findVisibleSchedule(actor, request.params.scheduleId);
        if (!canDeleteLesson(actor.role, row.status)) {
          // A live lesson holds a Zoom account: it is ended first ('Kết thúc buổi học').
          throw new AppError(
            row.status === 'active'
              ? 'SCHEDULE_DELETE_ACTIVE'
              : 'SCHEDULE_DELETE_COMPLETED_ADMIN_ONLY',
          );
        }
        await db.deleteFrom('schedules').where('schedule_id', '=', row.schedule_id).execute();
        await announce(row.class_id, row.schedule_id);
        return { ok: true as const, message: messages.SCHEDULE_DELETED };
      },
    );
  };
