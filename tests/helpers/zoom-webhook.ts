// Zoom's webhook deliveries as Zoom signs them (v0 HMAC over timestamp and raw body), for tests.
import { createHmac } from 'node:crypto';
import type { Clock } from '#server/context.ts';
import type { TestServer } from './test-server.ts';

export const WEBHOOK_SECRET = 'webhook-secret-test';

export function deliverWebhook(
  server: TestServer,
  clock: Clock,
  body: unknown,
  options: { secret?: string; timestamp?: number; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(clock.now().getTime() / 1000));
  const signature = `v0=${createHmac('sha256', options.secret ?? WEBHOOK_SECRET)
    .update(`v0:${timestamp}:${raw}`)
    .digest('hex')}`;
  return server
    .client()
    .request(
      'POST',
      '/api/zoom/webhook',
      { raw, type: 'application/json' },
      { 'x-zm-request-timestamp': timestamp, 'x-zm-signature': signature },
    );
}
