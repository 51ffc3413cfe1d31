// Zoom's webhooks verified and turned into provider-neutral events (docs/zoom.md): the signature
// is checked over the raw bytes with the secret token, in constant time, and the timestamp must be
// within 5 minutes; a bad or stale request is refused (401) and changes nothing. A signed body
// that is not what Zoom documents is a 400.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '#server/errors.ts';
import type { ProviderEvent, WebhookOutcome, WebhookRequest } from '../provider.ts';
import { recordingCompleted } from './recordings.ts';

const MAX_CLOCK_SKEW_SECONDS = 300;

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

const header = (request: WebhookRequest, name: string) => String(request.headers[name] ?? '');

export function parseZoomWebhook(secret: string, request: WebhookRequest): WebhookOutcome {
  const timestamp = header(request, 'x-zm-request-timestamp');
  const signature = header(request, 'x-zm-signature');
  const signed = Buffer.concat([Buffer.from(`v0:${timestamp}:`), request.rawBody]);
  const expected = `v0=${hmac(secret, signed)}`;
  const fresh =
    /^\d+$/.test(timestamp) &&
    Math.abs(request.now.getTime() / 1000 - Number(timestamp)) <= MAX_CLOCK_SKEW_SECONDS;
  const valid =
    signature.length === expected.length &&
    timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  if (!fresh || !valid) throw new AppError('UNAUTHENTICATED');

  const parsed = webhookBody.safeParse(request.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION', { field: issue?.path.join('.') || 'body' });
  }
  const { event, payload } = parsed.data;
  if (event === 'endpoint.url_validation') {
    const plainToken = payload.plainToken ?? '';
    return { reply: { plainToken, encryptedToken: hmac(secret, plainToken) } };
  }
  if (event === 'recording.completed') {
    // Its own schema (recordings.ts): the recording's files, share link and passcode.
    return { events: [{ kind: 'recording-completed', ...recordingCompleted(payload.object) }] };
  }
  const object = payload.object;
  const externalId = object?.id === undefined ? undefined : String(object.id);
  if (!externalId) return { events: [] };
  if (event === 'meeting.ended') return { events: [{ kind: 'meeting-ended', externalId }] };
  const participant = object?.participant;
  const joined = event === 'meeting.participant_joined';
  if (!participant || (!joined && event !== 'meeting.participant_left')) {
    // meeting.started and the rest need nothing: a lesson becomes active when started here.
    return { events: [] };
  }
  const key =
    participant.participant_uuid ||
    participant.id ||
    (participant.user_id === undefined ? undefined : String(participant.user_id));
  const at = joined ? participant.join_time : participant.leave_time;
  const change: ProviderEvent = {
    kind: joined ? 'participant-joined' : 'participant-left',
    externalId,
    // Without a key or a time there is nothing to record; the lesson is still looked up.
    participant: { key: key ?? '', userId: participant.customer_key, at: at ?? '' },
  };
  return { events: [change] };
}
