// Zoom's webhook endpoint (docs/zoom.md). Zoom calls it at this address; it verifies and parses
// (webhook.ts) and hands the provider-neutral events to the lessons. Every event is idempotent:
// Zoom retries, and meeting.ended may come more than once.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { applyProviderEvents } from '#server/features/meetings/index.ts';
import { parseZoomWebhook } from './webhook.ts';
import { zoomConnectionOf } from './zoom-connection.ts';
import { ZOOM } from './zoom-provider.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

export const zoomWebhookRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // This plugin's own JSON parser keeps the exact bytes the signature covers.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (request, body, done) => {
        request.rawBody = body as Buffer;
        try {
          done(null, JSON.parse((body as Buffer).toString('utf8')));
        } catch {
          done(new AppError('VALIDATION'), undefined);
        }
      },
    );

    app.post(
      '/zoom/webhook',
      {
        schema: { tags: ['zoom'], summary: "Zoom's event notifications (signed)" },
        config: { public: true },
      },
      async (request, reply) => {
        // The token in force now: the admin may have changed it in the app.
        const secret = zoomConnectionOf(ctx)?.settings().webhookSecret;
        if (!secret) throw new AppError('ZOOM_NOT_CONFIGURED');
        const outcome = parseZoomWebhook(secret, {
          headers: request.headers,
          rawBody: request.rawBody ?? Buffer.alloc(0),
          body: request.body,
          now: ctx.clock.now(),
        });
        if ('reply' in outcome) return outcome.reply;
        const ours = await applyProviderEvents(ctx, ZOOM, outcome.events);
        if (!ours) {
          // Zoom tells of every meeting of the account, not only our lessons' (and of meetings
          // whose lesson was deleted): answered, so that Zoom does not retry, and noted.
          request.log.info(
            { events: outcome.events.map((event) => event.kind) },
            'a Zoom event named a meeting that is not one of our lessons; ignored',
          );
          return reply.code(200).send({ ok: true, ignored: true });
        }
        return reply.code(200).send({ ok: true });
      },
    );
  };
