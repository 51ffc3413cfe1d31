// GET /api/events: a server-sent event stream for signed-in users. EventSource reconnects by
// itself; after a reconnect the page refetches what it shows.
// A lesson's change (schedules.changed naming a lesson or a class) reaches only those who may see
// the lesson (features/lessons/lesson-audience.ts): admin and staff, and the people the audience
// lists. The audience is asked once per event in this process, whatever the number of streams
// open, and only when a stream of someone else than admin or staff is open. With several
// processes each hears the event through its hub (PostgreSQL NOTIFY) and decides for its own
// streams. Events are delivered in the order they were published.

import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser } from '#server/features/auth/guards.ts';
import { sessionIsCurrent } from '#server/features/auth/sessions.ts';
import { lessonAudience } from '#server/features/lessons/index.ts';
import { SECURITY_HEADERS } from '#server/plugins/security-headers.ts';
import { INTERNAL_EVENT_PREFIX, type RealtimeEvent } from './hub.ts';

const RECONNECT_HINT_MS = 3_000;

export const realtimeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const open = new Set<ServerResponse>();
    /** Each open stream's deliverer, with whose stream it is. */
    const streams = new Map<
      ServerResponse,
      { userId: string; centerWide: boolean; send: (event: RealtimeEvent) => void }
    >();
    /** Of a lesson's event: who besides admin and staff may hear it; undefined: everyone. */
    const audienceOf = async (event: RealtimeEvent): Promise<Set<string> | undefined> => {
      if (event.type !== EVENT.schedules) return undefined;
      const scheduleId = event.data?.schedule_id;
      const classId = event.data?.class_id;
      // A change that names no lesson (rooms renamed, classes handed over) tells nothing.
      if (!scheduleId && !classId) return undefined;
      const someoneElse = [...streams.values()].some((stream) => !stream.centerWide);
      if (!someoneElse) return new Set<string>();
      // The database briefly away: only admin and staff hear it (never too many).
      return lessonAudience(ctx.database.db, { scheduleId, classId }).catch(
        () => new Set<string>(),
      );
    };
    const deliver = async (event: RealtimeEvent) => {
      const audience = await audienceOf(event);
      for (const stream of streams.values()) {
        if (audience && !stream.centerWide && !audience.has(stream.userId)) continue;
        stream.send(event);
      }
    };
    let delivering = Promise.resolve();
    const unsubscribe = ctx.events.subscribe((event) => {
      delivering = delivering.then(() => deliver(event)).catch(() => {});
    });
    app.addHook('onClose', async () => unsubscribe());
    // Server shutdown must not wait for streams that never end by themselves. preClose runs
    // before the HTTP server stops accepting and waits for open connections (onClose runs after,
    // too late: a shutdown with a browser connected would hang).
    app.addHook('preClose', async () => {
      for (const stream of open) stream.end();
    });

    app.get(
      '/events',
      {
        schema: {
          tags: ['realtime'],
          summary:
            'Server-sent events: center-settings.updated, theme.updated, users.changed, and more as features add them',
        },
      },
      async (request, reply) => {
        const user = currentUser(request, { allowPendingPasswordChange: true });
        reply.hijack();
        const stream = reply.raw;
        // Taken over from Fastify: the reply's headers (the security headers) are not sent.
        stream.writeHead(200, {
          ...SECURITY_HEADERS,
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
        });
        stream.write(`retry: ${RECONNECT_HINT_MS}\n\nevent: ready\ndata: {}\n\n`);
        open.add(stream);

        const write = (text: string) => {
          if (!stream.writableEnded && !stream.destroyed) stream.write(text);
        };
        const token = request.sessionToken!;
        // The stream lives as long as its session, however the session ends: checked when the
        // user's sessions change (sign-out, password change, deactivation) and at each heartbeat
        // (expiry).
        const endUnlessSignedIn = async () => {
          const current = await sessionIsCurrent(
            ctx.database.db,
            token,
            ctx.clock.now(),
            ctx.config.session.idleMs,
          ).catch(() => true); // the database briefly away: the next check decides
          if (!current) {
            cleanup();
            stream.end();
          }
        };
        const send = (event: RealtimeEvent) => {
          if (event.type === EVENT.sessionsRevoked) {
            if ((event.data as { authId?: string })?.authId === user.auth_id) {
              void endUnlessSignedIn();
            }
            return;
          }
          if (event.type.startsWith(INTERNAL_EVENT_PREFIX)) return;
          // A user's notifications are theirs alone: no other stream hears of them.
          if (
            event.type === EVENT.notifications &&
            (event.data as { user_id?: string })?.user_id !== user.user_id
          ) {
            return;
          }
          write(`event: ${event.type}\ndata: ${JSON.stringify(event.data ?? {})}\n\n`);
        };
        streams.set(stream, {
          userId: user.user_id,
          centerWide: user.role === 'admin' || user.role === 'staff',
          send,
        });
        const heartbeat = setInterval(() => {
          write(': keep-alive\n\n');
          void endUnlessSignedIn();
        }, ctx.config.eventStreamHeartbeatMs);
        heartbeat.unref();
        function cleanup() {
          clearInterval(heartbeat);
          streams.delete(stream);
          open.delete(stream);
        }
        stream.on('close', cleanup);
        request.raw.on('close', cleanup);
      },
    );
  };
