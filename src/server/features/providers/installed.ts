// The video providers this server can use: Zoom (when its credentials are set), a room of the
// center, the online link a class keeps. Adding one is a folder beside zoom/ and a line here
// (docs/decisions/014-video-providers.md, 019-rooms-and-links.md).
import type { Clock } from '#server/context.ts';
import { linkModule } from './link/index.ts';
import { ProviderRegistry } from './registry.ts';
import { roomModule } from './room/index.ts';
import { zoomModule } from './zoom/index.ts';

export const installedProviders = [zoomModule, roomModule, linkModule] as const;

/** Every installed provider's settings, read from the environment; or their problems. */
export function providerSettings(env: Record<string, string | undefined>) {
  const zoom = zoomModule.settings(env);
  if ('issues' in zoom) return { issues: zoom.issues };
  return { settings: { zoom: zoom.settings } };
}

export type ProviderSettings = NonNullable<ReturnType<typeof providerSettings>['settings']>;

/**
 * The providers whose credentials are configured; the others answer who can connect them. Zoom's
 * credentials may be set in the app while the server runs: it is there while they are.
 */
export function configuredProviders(settings: ProviderSettings, clock: Clock): ProviderRegistry {
  const registry = new ProviderRegistry();
  registry.connected(zoomModule.id, zoomModule.connect(settings.zoom, clock), 'ZOOM_NOT_CONNECTED');
  // Rooms and links need no credentials: they are always there.
  for (const module of [roomModule, linkModule]) {
    const provider = module.create({}, clock);
    if (provider) registry.register(provider);
  }
  return registry;
}
