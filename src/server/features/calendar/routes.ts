// Private calendar feeds: each user's lessons as an iCalendar feed at
// a URL holding a random token, for Google Calendar, Apple Calendar and Outlook to subscribe to.
// A teacher gets the lessons they teach, a student those of their classes, admin and staff every
// lesson or, with ?class=, one class's. The feed names the class, topic and time and links back to
// the app; it never carries a meeting link or password.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_CENTER_NAME } from '#common/constants.ts';
import { noticeSchema } from '#common/notice.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { currentUser } from '#server/features/auth/index.ts';
import { visibleLessons } from '#server/features/lessons/index.ts';
import { type DocumentTextKey, documentText, languageOf } from '#server/lib/document-texts.ts';
import { publicOrigin, publicUrl } from '#server/lib/public-origin.ts';
import { type CalendarEvent, writeCalendar } from './ics.ts';
import { feedTokenHash, renewCalendarFeed, revokeCalendarFeed } from './manage-feed.ts';
import { isPublicHttpsOrigin } from './public-address.ts';

/** How far back a feed reaches: a term's finished lessons stay, older ones drop off. */
const FEED_PAST_DAYS = 90;
const FEED_MAX_EVENTS = 5_000;

/** Whether the user has a feed link; its URL itself is only in the reply that made it. */
const feedReply = z.object({
  exists: z.boolean(),
  created_at: z.string().nullable(),
  /** false: calendar apps cannot fetch the URL (PUBLIC_ORIGIN is not a public https address). */
  reachable_from_internet: z.boolean(),
});
const feedRevokedReply = feedReply.extend(noticeSchema.shape);
/** The new link, shown this once (only its token's hash is kept). */
const feedCreatedReply = feedRevokedReply.extend({ url: z.string() });

export const calendarRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    // PUBLIC_ORIGIN, never the request's Host (lib/public-origin.ts).
    const feedUrl = (token: string) => publicUrl(ctx, `/api/calendar/${token}.ics`);
    const reachable = () => isPublicHttpsOrigin(publicOrigin(ctx));

    app.get(
      '/profile/calendar-feed',
      {
        schema: {
          tags: ['calendar'],
          summary:
            'Whether the signed-in user has a private calendar feed (its URL is shown only when made)',
          response: { 200: feedReply, ...errorReplies },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const row = await db
          .selectFrom('calendar_feeds')
          .select('created_at')
          .where('user_id', '=', user.user_id)
          .executeTakeFirst();
        return {
          exists: Boolean(row),
          created_at: row ? new Date(row.created_at).toISOString() : null,
          reachable_from_internet: reachable(),
        };
      },
    );

    app.post(
      '/profile/calendar-feed',
      {
        schema: {
          tags: ['calendar'],
          summary:
            'A new private calendar feed URL, shown this once (the old one, if any, stops working)',
          response: { 201: feedCreatedReply, ...errorReplies },
        },
      },
      async (request, reply) => {
        const { token, createdAt } = await renewCalendarFeed(ctx, currentUser(request));
        reply.code(201);
        return {
          url: feedUrl(token),
          exists: true,
          created_at: createdAt,
          reachable_from_internet: reachable(),
          code: 'CALENDAR_FEED_CREATED' as const,
        };
      },
    );

    app.delete(
      '/profile/calendar-feed',
      {
        schema: {
          tags: ['calendar'],
          summary: 'Revoke the private calendar feed URL',
          response: { 200: feedRevokedReply, ...errorReplies },
        },
      },
      async (request) => {
        await revokeCalendarFeed(ctx, currentUser(request));
        return {
          exists: false,
          created_at: null,
          reachable_from_internet: reachable(),
          code: 'CALENDAR_FEED_REVOKED' as const,
        };
      },
    );

    app.get(
      '/calendar/:file',
      {
        config: { public: true },
        schema: {
          tags: ['calendar'],
          summary:
            "A user's lessons as iCalendar (RFC 5545); the file name is the feed's token + .ics",
          params: z.object({ file: z.string().max(100) }),
          querystring: z.object({ class: z.uuid().optional() }),
          response: { 200: z.string(), ...errorReplies },
        },
      },
      async (request, reply) => {
        const token = request.params.file.replace(/\.ics$/, '');
        const owner = await db
          .selectFrom('calendar_feeds as f')
          .innerJoin('users as u', 'u.user_id', 'f.user_id')
          .select(['u.user_id', 'u.role', 'u.full_name', 'u.language'])
          .where('f.token_hash', '=', feedTokenHash(token))
          .where('u.is_active', '=', true)
          .executeTakeFirst();
        if (!owner || !request.params.file.endsWith('.ics')) {
          throw new AppError('CALENDAR_FEED_NOT_FOUND');
        }
        const now = ctx.clock.now();
        let lessons = visibleLessons(db, owner)
          .leftJoin('users as t', 't.user_id', 'c.teacher_id')
          .leftJoin('users as sub', 'sub.user_id', 's.substitute_teacher_id')
          .select([
            's.schedule_id',
            's.topic',
            's.start_time',
            's.end_time',
            's.updated_at',
            's.status',
            's.sequence',
            's.cancel_reason',
            'c.class_name',
            't.full_name as teacher_name',
            'sub.full_name as substitute_name',
          ])
          .where(
            's.end_time',
            '>=',
            new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000).toISOString(),
          )
          .orderBy('s.start_time')
          .limit(FEED_MAX_EVENTS);
        if (request.query.class) lessons = lessons.where('c.class_id', '=', request.query.class);
        const [rows, center] = await Promise.all([
          lessons.execute(),
          db.selectFrom('center_settings').select('center_name').executeTakeFirst(),
        ]);
        const centerName = center?.center_name || DEFAULT_CENTER_NAME;
        const appUrl = publicUrl(ctx, '/dashboard');
        // The feed is read by the owner's calendar app: its words are in the owner's language.
        const language = languageOf(owner.language);
        const text = (key: DocumentTextKey, params?: Record<string, string>) =>
          documentText(language, key, params);
        const events: CalendarEvent[] = rows.map((row) => {
          const updated = new Date(row.updated_at);
          const cancelled = row.status === 'cancelled';
          return {
            uid: `${row.schedule_id}@edu-center`,
            // Raised by every move, cancel and new topic (migration 017).
            sequence: Number(row.sequence),
            start: new Date(row.start_time),
            end: new Date(row.end_time),
            summary: `${row.class_name} – ${row.topic}`,
            description: [
              text('calendar.class', { class: row.class_name }),
              text('calendar.topic', { topic: row.topic }),
              // A covered lesson names who teaches it: its substitute (docs/decisions/031).
              ...((row.substitute_name ?? row.teacher_name)
                ? [
                    text('calendar.teacher', {
                      teacher: row.substitute_name ?? row.teacher_name ?? '',
                    }),
                  ]
                : []),
              ...(cancelled
                ? [text('calendar.cancelled', { reason: row.cancel_reason ?? '' })]
                : []),
              `${centerName}: ${appUrl}`,
            ].join('\n'),
            url: appUrl,
            lastModified: updated,
            cancelled,
          };
        });
        const body = writeCalendar({
          name: `${centerName} – ${owner.full_name}`,
          timeZone: ctx.config.centerTimezone,
          now,
          events,
        });
        // The reply is the calendar text itself, not JSON of it.
        reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', `inline; filename="${text('calendar.fileName')}.ics"`)
          .serializer((payload: unknown) => String(payload));
        return body;
      },
    );
  };
