// The Zoom provider as installed in the server (features/providers/installed.ts): its settings,
// its connection (the provider while its Server-to-Server OAuth credentials are set, in the
// environment or in the app), its routes (the credentials set in the app, the pool of accounts,
// the connection check, where the Web SDK loads from, the webhook) and the SDK's files, and the
// meeting page's headers the SDK needs.
import type { Clock } from '#server/context.ts';
import type { ProviderModule } from '../provider.ts';
import { zoomConnectionCheckRoutes } from './connection-check.ts';
import { zoomAccountRoutes } from './pool-routes.ts';
import { type ZoomSettings, zoomSettings } from './settings.ts';
import { zoomSettingsRoutes } from './settings-routes.ts';
import { MEETING_PAGE_ISOLATION, meetingPageCsp } from './web-sdk.ts';
import { serveWebSdkFiles, webSdkRoutes } from './web-sdk-routes.ts';
import { zoomWebhookRoutes } from './webhook-routes.ts';
import { ZoomConnection, zoomConnectionOf } from './zoom-connection.ts';
import { ZOOM } from './zoom-provider.ts';

export const zoomModule: ProviderModule<ZoomSettings> & {
  /** Zoom as connected now: its credentials may change in the app while the server runs. */
  connect(settings: ZoomSettings, clock: Clock): ZoomConnection;
} = {
  id: ZOOM,
  settings: zoomSettings,
  connect: (settings, clock) => new ZoomConnection(settings, clock),
  // The provider as the environment alone configures it.
  create: (settings, clock) => new ZoomConnection(settings, clock).provider(),
  // Without Server-to-Server OAuth credentials: only an admin can connect Zoom.
  notConnected: 'ZOOM_NOT_CONNECTED',
  routes: [
    zoomSettingsRoutes,
    zoomAccountRoutes,
    zoomConnectionCheckRoutes,
    webSdkRoutes,
    zoomWebhookRoutes,
  ],
  serve: async (app, ctx) => {
    // The credentials kept in the app are read before the server answers, and kept current.
    const connection = zoomConnectionOf(ctx);
    if (connection) {
      const stop = await connection.start(ctx, app.log);
      app.addHook('onClose', async () => stop());
    }
    await serveWebSdkFiles(app, ctx);
  },
  meetingPageHeaders: (ctx) => ({
    'content-security-policy': meetingPageCsp(ctx.config.providers.zoom.webSdk),
    // Cross-origin isolation: SharedArrayBuffer, which the SDK's gallery view needs.
    ...MEETING_PAGE_ISOLATION,
  }),
};
