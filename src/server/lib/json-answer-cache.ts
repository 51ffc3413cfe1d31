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
     * per key (they see the same center-wide rows); anyone else has their own.
     */
    async send(
      reply: FastifyReply,
      viewer: SessionUser,
      key: string,
      load: () => Promise<z.output<Schema>>,
    ): Promise<FastifyReply> {
      const scope = isCenterWideViewer(viewer) ? `center:${viewer.role}` : viewer.user_id;
      const json = await answers.get(`${scope}|${key}`, async () =>
        Buffer.from(JSON.stringify(z.encode(schema, await load()))),
      );
      // Already serialised: Fastify sends bytes as they are, without its serializer.
      return reply.type('application/json; charset=utf-8').send(json);
    },
  };
}
