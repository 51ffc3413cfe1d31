// What every feature needs from the running server, passed to each route plugin.
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import type { FileStorage } from './features/files/storage.ts';
import type { ProviderRegistry } from './features/providers/registry.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { EventHub } from './realtime/hub.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  events: EventHub;
  /** What operations did, for the server's own reactions (notifications). */
  domainEvents: DomainEvents;
  files: FileStorage;
  clock: Clock;
  /** The video providers whose credentials are configured (features/providers). */
  providers: ProviderRegistry;
}
