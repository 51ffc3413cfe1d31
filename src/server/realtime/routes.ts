// GET /api/events: a server-sent event stream for signed-in users. EventSource reconnects by
// itself; after a reconnect the page refetches what it shows.

import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import { currentUser } from '#server/features/auth/guards.ts';
import { sessionIsCurrent } from '#server/features/auth/sessions.ts';
import { INTERNAL_EVENT_PREFIX, type RealtimeEvent } from './hub.ts';

const RECONNECT_HINT_MS = 3_000;

export const realtimeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const open = new Set<ServerResponse>();
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
        stream.writeHead(200, {
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
        const unsubscribe = ctx.events.subscribe(send);
        const heartbeat = setInterval(() => {
          write(': keep-alive\n\n');
          void endUnlessSignedIn();
        }, ctx.config.eventStreamHeartbeatMs);
        heartbeat.unref();
        function cleanup() {
          clearInterval(heartbeat);
          unsubscribe();
          open.delete(stream);
        }
        stream.on('close', cleanup);
        request.raw.on('close', cleanup);
      },
    );
  };
