// The meeting page's side of the Web Meeting SDK: where to load it from (GET /api/zoom/web-sdk, for
// signed-in users) and, when this server ships the package, the SDK's own files under
// /zoom-sdk/{version}/ (versioned, so cached for a year).
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { takesPartInMeetings } from '#common/permissions.ts';
import { webSdkSourceSchema } from '#common/providers/zoom/contracts.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { currentUser } from '#server/features/auth/index.ts';
import { MEETING_PAGE_ISOLATION, ZOOM_SDK_ROUTE_PREFIX } from './web-sdk.ts';

export const webSdkRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/zoom/web-sdk',
      {
        schema: {
          tags: ['meetings'],
          summary: "Where the meeting page loads Zoom's Web Meeting SDK from, in load order",
          response: { 200: webSdkSourceSchema, ...errorReplies },
        },
      },
      async (request) => {
        // For whoever opens the meeting page: not a parent (docs/decisions/036-parents.md).
        if (!takesPartInMeetings(currentUser(request).role)) throw new AppError('FORBIDDEN');
        const { version, libUrl, scripts } = ctx.config.providers.zoom.webSdk;
        return { version, libUrl, scripts };
      },
    );
  };

export async function serveWebSdkFiles(app: FastifyInstance, ctx: AppContext) {
  const { localDistDir, version } = ctx.config.providers.zoom.webSdk;
  if (!localDistDir) return;
  await app.register(fastifyStatic, {
    root: localDistDir,
    prefix: `${ZOOM_SDK_ROUTE_PREFIX}/${version}/`,
    decorateReply: false,
    index: false,
    list: false,
    serveDotFiles: false,
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => {
      res.header('x-content-type-options', 'nosniff');
      // The SDK starts workers from these files inside the isolated meeting page; a worker's
      // script must carry the page's embedder policy, or the browser refuses to run it.
      res.header(
        'cross-origin-embedder-policy',
        MEETING_PAGE_ISOLATION['cross-origin-embedder-policy'],
      );
      res.header('cross-origin-resource-policy', 'same-origin');
    },
  });
}
