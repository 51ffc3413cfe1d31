// A lesson's recordings (docs/decisions/034-recordings.md): what a lesson says of them, a class's
// at once for its list of lessons, the address that sends a permitted viewer on to one, and the
// retention setting (admin).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeSchema } from '#common/notice.ts';
import {
  classRecordingsSchema,
  lessonRecordingsSchema,
  recordingSettingsInput,
  recordingSettingsSchema,
} from '#common/recordings.ts';
import { errorReplies, idParam } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { unseenRecordError } from '#server/db/visibility.ts';
import { AppError } from '#server/errors.ts';
import { currentUser, userWithPermission } from '#server/features/auth/index.ts';
import { lessonsWithRecordingsFor, RECORDING_COLUMNS, toRecordingDto } from './queries.ts';
import { readRecordingSettings, saveRecordingSettings } from './retention.ts';

export const recordingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    /**
     * A lesson's provider records (its meeting's provider, or its venue's before it ran). A
     * provider installed but not connected now (its credentials not set yet) is not said
     * to have no recordings: it may record once connected, and its lessons' stored ones stay.
     */
    const recordable = (lesson: { venue: string; provider: string | null }, stored: number) => {
      if (stored > 0) return true;
      const id = lesson.provider ?? lesson.venue;
      const provider = ctx.providers.get(id);
      return provider ? provider.capabilities.recordings : ctx.providers.isInstalled(id);
    };

    app.get(
      '/schedules/:scheduleId/recordings',
      {
        schema: {
          tags: ['recordings'],
          summary:
            "A lesson's recordings (the class's students and teacher, the lesson's substitute, admin, staff); never a link or passcode",
          params: z.object({ scheduleId: idParam }),
          response: { 200: lessonRecordingsSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        const { scheduleId } = request.params;
        const lesson = await lessonsWithRecordingsFor(db, viewer)
          .leftJoin('lesson_meetings as m', 'm.schedule_id', 's.schedule_id')
          .select(['s.schedule_id', 's.venue', 'm.provider'])
          .where('s.schedule_id', '=', scheduleId)
          .executeTakeFirst();
        if (!lesson) throw await unseenRecordError(db, 'schedule', scheduleId);
        const rows = await db
          .selectFrom('lesson_recordings as r')
          .select(RECORDING_COLUMNS)
          .where('r.schedule_id', '=', scheduleId)
          .orderBy('r.started_at')
          .execute();
        return {
          schedule_id: scheduleId,
          recordable: recordable(lesson, rows.length),
          recordings: rows.map(toRecordingDto),
        };
      },
    );

    app.get(
      '/classes/:classId/recordings',
      {
        schema: {
          tags: ['recordings'],
          summary:
            "The recordings of a class's lessons the viewer may see (for its list of lessons); never a link or passcode",
          params: z.object({ classId: idParam }),
          response: { 200: classRecordingsSchema, ...errorReplies },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        const { classId } = request.params;
        const lessons = await lessonsWithRecordingsFor(db, viewer)
          .leftJoin('lesson_meetings as m', 'm.schedule_id', 's.schedule_id')
          .select(['s.schedule_id', 's.venue', 'm.provider'])
          .where('s.class_id', '=', classId)
          .orderBy('s.start_time')
          .execute();
        // A class the viewer may not see is refused as its lessons are (a substitute sees the
        // lessons they cover here, and nothing else of the class).
        if (lessons.length === 0) {
          const visible =
            viewer.role === 'admin' || viewer.role === 'staff'
              ? await db
                  .selectFrom('classes')
                  .select('class_id')
                  .where('class_id', '=', classId)
                  .where('is_active', '=', true)
                  .executeTakeFirst()
              : undefined;
          if (!visible) throw await unseenRecordError(db, 'class', classId);
        }
        const rows = lessons.length
          ? await db
              .selectFrom('lesson_recordings as r')
              .select(RECORDING_COLUMNS)
              .where(
                'r.schedule_id',
                'in',
                lessons.map((lesson) => lesson.schedule_id),
              )
              .orderBy('r.started_at')
              .execute()
          : [];
        return {
          items: lessons.map((lesson) => {
            const recordings = rows.filter((row) => row.schedule_id === lesson.schedule_id);
            return {
              schedule_id: lesson.schedule_id,
              recordable: recordable(lesson, recordings.length),
              recordings: recordings.map(toRecordingDto),
            };
          }),
        };
      },
    );

    app.get(
      '/recordings/:recordingId/watch',
      {
        schema: {
          tags: ['recordings'],
          summary:
            "Opens a recording: a 302 to the provider's page with its passcode, only for a session that may see the lesson (never in JSON)",
          params: z.object({ recordingId: idParam }),
          response: { 302: z.null(), ...errorReplies, 410: errorReplies[400] },
        },
      },
      async (request, reply) => {
        const viewer = currentUser(request);
        const { recordingId } = request.params;
        const row = await lessonsWithRecordingsFor(db, viewer)
          .innerJoin('lesson_recordings as r', 'r.schedule_id', 's.schedule_id')
          .select(['r.recording_id', 'r.secret_data', 'r.deleted_at'])
          .where('r.recording_id', '=', recordingId)
          .executeTakeFirst();
        if (!row) {
          const exists = await db
            .selectFrom('lesson_recordings as r')
            .innerJoin('schedules as s', 's.schedule_id', 'r.schedule_id')
            .innerJoin('classes as c', 'c.class_id', 's.class_id')
            .select('r.recording_id')
            .where('r.recording_id', '=', recordingId)
            .where('c.is_active', '=', true)
            .executeTakeFirst();
          throw new AppError(exists ? 'FORBIDDEN' : 'NOT_FOUND');
        }
        if (row.deleted_at) throw new AppError('RECORDING_DELETED');
        const secret = JSON.parse(row.secret_data) as Record<string, string>;
        if (!secret.watch_url) throw new AppError('RECORDING_UNAVAILABLE');
        request.log.info({ recordingId, userId: viewer.user_id }, 'a recording was opened');
        // The address holds the passcode: it must not be kept by a shared cache or the history
        // of a proxy.
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(secret.watch_url, 302);
      },
    );

    app.get(
      '/recording-settings',
      {
        schema: {
          tags: ['recordings'],
          summary: 'How long recordings are kept, in days (admin); null keeps them forever',
          response: { 200: recordingSettingsSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        return readRecordingSettings(db);
      },
    );

    app.put(
      '/recording-settings',
      {
        schema: {
          tags: ['recordings'],
          summary:
            'Set how long recordings are kept (admin): days from 1 to 3650, or null for forever',
          body: recordingSettingsInput,
          response: {
            200: noticeSchema.extend({ settings: recordingSettingsSchema }),
            ...errorReplies,
          },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const settings = await saveRecordingSettings(ctx, request.body);
        return { settings, code: 'RECORDING_SETTINGS_SAVED' as const };
      },
    );
  };
