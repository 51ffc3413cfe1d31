// Read-mostly GET answers (the dashboard, the classes and schedules lists) kept as the JSON text
// their reply schema produces, so a repeated request costs neither its queries nor serialising.
// The text is what the route's serializer (fastify-type-provider-zod) would send for the same
// value: the schema's encode, then JSON.stringify; a cached answer is the same reply, byte for
// byte (tests/api/answer-caches.test.ts). Entries live until any
// process announces a change that could alter them (center-wide-cache.ts), for maxAgeMs at most.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { createCenterWideCache, isCenterWideViewer } from './center-wide-cache.ts';

/**
 * What the school's read-mostly pages show (lessons, classes and their counts, teachers' names)
 * changes with any lesson, class, enrolment or user announcement, from any process.
 */
export const SCHOOL_PAGES: Parameters<typeof createCenterWideCache>[1] = {
  invalidatedBy: [EVENT.classes, EVENT.schedules, EVENT.users],
  maxAgeMs: 5_000,
  maxEntries: 20_000,
};

// Already serialised: Fastify sends bytes as they are, without its serializer.
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function createJsonAnswerCache<Schema extends z.ZodType>(
  ctx: AppContext,
  schema: Schema,
  options: Parameters<typeof createCenterWideCache>[1] = SCHOOL_PAGES,
) {
  // Kept as bytes: a string would be encoded to UTF-8 again for every reply (118 KB for the
  // admin's dashboard).
  const answers = createCenterWideCache<Buffer>(ctx, options);
  return {
    /**
     * Sends the answer for key, loading it when it is not kept. Admin and staff share one answer
     * per key (they see the same center-wide rows); anyone else has their own. A kept answer is
     * sent at once, without a promise (bench:api: a promise and its turns per request), so route
     * handlers are plain functions returning what this returns: nothing once the reply is sent, or
     * the promise of sending it.
     */
    send(
      reply: FastifyReply,
      viewer: SessionUser,
      key: string,
      load: () => Promise<z.output<Schema>>,
    ): undefined | Promise<void> {
      const scope = isCenterWideViewer(viewer) ? `center:${viewer.role}` : viewer.user_id;
      const answerKey = `${scope}|${key}`;
      const kept = answers.loaded(answerKey);
      if (kept) {
        reply.type(JSON_CONTENT_TYPE).send(kept);
        return undefined;
      }
      return answers
        .get(answerKey, async () => Buffer.from(JSON.stringify(z.encode(schema, await load()))))
        .then((json) => {
          reply.type(JSON_CONTENT_TYPE).send(json);
        });
    },
  };
}
