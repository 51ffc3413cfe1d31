// The video providers this server can use. Adding one (a room, a link the class keeps) is a folder
// beside zoom/ and a line here (docs/decisions/014-video-providers.md).
import type { Clock } from '#server/context.ts';
import { ProviderRegistry } from './registry.ts';
import { zoomModule } from './zoom/index.ts';

export const installedProviders = [zoomModule] as const;

/** Every installed provider's settings, read from the environment; or their problems. */
export function providerSettings(env: Record<string, string | undefined>) {
  const zoom = zoomModule.settings(env);
  if ('issues' in zoom) return { issues: zoom.issues };
  return { settings: { zoom: zoom.settings } };
}

export type ProviderSettings = NonNullable<ReturnType<typeof providerSettings>['settings']>;

/** The providers whose credentials are configured. */
export function configuredProviders(settings: ProviderSettings, clock: Clock): ProviderRegistry {
  const registry = new ProviderRegistry();
  const zoom = zoomModule.create(settings.zoom, clock);
  if (zoom) registry.register(zoom);
  return registry;
}
