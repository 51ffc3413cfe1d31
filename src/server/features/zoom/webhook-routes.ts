// Zoom's webhook (docs/zoom.md): the signature is checked over the raw bytes with the
// secret token, in constant time, and the timestamp must be within 5 minutes; a bad or stale
// request gets 401 and changes nothing. Every event is idempotent: Zoom retries, and
// meeting.ended may come more than once.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { meetingEnded, participantChanged } from '#server/features/meetings/meeting-events.ts';

const MAX_CLOCK_SKEW_SECONDS = 300;

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/** A time Zoom reports: ISO 8601 that parses. */
const zoomTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not a date');

// https://developers.zoom.us/docs/api/meetings/events/ — only the fields used here are checked;
// Zoom sends many more, which pass through untouched.
const webhookBody = z.looseObject({
  event: z.string().min(1),
  payload: z.looseObject({
    plainToken: z.string().optional(),
    object: z
      .looseObject({
        id: z.union([z.string(), z.number()]).optional(),
        participant: z
          .looseObject({
            customer_key: z.string().optional(),
            participant_uuid: z.string().optional(),
            id: z.string().optional(),
            user_id: z.union([z.string(), z.number()]).optional(),
            join_time: zoomTime.optional(),
            leave_time: zoomTime.optional(),
          })
          .optional(),
      })
      .optional(),
  }),
});

const hmac = (secret: string, text: string | Buffer) =>
  createHmac('sha256', secret).update(text).digest('hex');

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
        const secret = ctx.config.zoom.webhookSecret;
        if (!secret) throw new AppError('ZOOM_NOT_CONFIGURED');
        const timestamp = String(request.headers['x-zm-request-timestamp'] ?? '');
        const signature = String(request.headers['x-zm-signature'] ?? '');
        const raw = request.rawBody ?? Buffer.alloc(0);
        const expected = `v0=${hmac(secret, Buffer.concat([Buffer.from(`v0:${timestamp}:`), raw]))}`;
        const fresh =
          /^\d+$/.test(timestamp) &&
          Math.abs(ctx.clock.now().getTime() / 1000 - Number(timestamp)) <= MAX_CLOCK_SKEW_SECONDS;
        const valid =
          signature.length === expected.length &&
          timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
        if (!fresh || !valid) throw new AppError('UNAUTHENTICATED');

        // Signed by Zoom, and still checked: a body that is not what Zoom documents is a 400.
        const parsed = webhookBody.safeParse(request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new AppError('VALIDATION', { field: issue?.path.join('.') || 'body' });
        }
        const body = parsed.data;
        const object = body.payload.object;
        if (body.event === 'endpoint.url_validation') {
          const plainToken = body.payload.plainToken ?? '';
          return { plainToken, encryptedToken: hmac(secret, plainToken) };
        }
        const meetingId = object?.id === undefined ? undefined : String(object.id);
        const participant = object?.participant;
        let ours = true;
        if (meetingId && body.event === 'meeting.ended') {
          ours = await meetingEnded(ctx, meetingId);
        } else if (
          meetingId &&
          participant &&
          (body.event === 'meeting.participant_joined' || body.event === 'meeting.participant_left')
        ) {
          ours = await participantChanged(
            ctx,
            meetingId,
            body.event === 'meeting.participant_joined' ? 'joined' : 'left',
            {
              customerKey: participant.customer_key,
              key:
                participant.participant_uuid ||
                participant.id ||
                (participant.user_id === undefined ? undefined : String(participant.user_id)),
              joinTime: participant.join_time,
              leaveTime: participant.leave_time,
            },
          );
        }
        if (!ours) return reply.code(200).send({ ok: true, ignored: true });
        // meeting.started needs nothing: the lesson became active when it was started here.
        return reply.code(200).send({ ok: true });
      },
    );
  };
