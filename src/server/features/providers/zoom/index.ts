// The Zoom provider as installed in the server (features/providers/installed.ts): its settings,
// the provider when its Server-to-Server OAuth credentials are configured, its routes (the pool
// of accounts, the connection check, where the Web SDK loads from, the webhook) and the SDK's
// files, and the meeting page's headers the SDK needs.
import type { ProviderModule } from '../provider.ts';
import { zoomConnectionCheckRoutes } from './connection-check.ts';
import { zoomAccountRoutes } from './pool-routes.ts';
import { type ZoomSettings, zoomSettings } from './settings.ts';
import { MEETING_PAGE_ISOLATION, meetingPageCsp } from './web-sdk.ts';
import { serveWebSdkFiles, webSdkRoutes } from './web-sdk-routes.ts';
import { zoomWebhookRoutes } from './webhook-routes.ts';
import { ZOOM, ZoomVideoProvider } from './zoom-provider.ts';

export const zoomModule: ProviderModule<ZoomSettings> = {
  id: ZOOM,
  settings: zoomSettings,
  create: (settings, clock) =>
    settings.api ? new ZoomVideoProvider({ ...settings, api: settings.api }, clock) : undefined,
  // Without Server-to-Server OAuth credentials: only an admin can connect Zoom.
  notConnected: 'ZOOM_NOT_CONNECTED',
  routes: [zoomAccountRoutes, zoomConnectionCheckRoutes, webSdkRoutes, zoomWebhookRoutes],
  serve: serveWebSdkFiles,
  meetingPageHeaders: (ctx) => ({
    'content-security-policy': meetingPageCsp(ctx.config.providers.zoom.webSdk),
    // Cross-origin isolation: SharedArrayBuffer, which the SDK's gallery view needs.
    ...MEETING_PAGE_ISOLATION,
  }),
};
