// Zoom as this server is connected to it now (docs/decisions/024): the environment's settings with
// the credentials the admin keeps in the app, read again whenever they change, without a restart.
// The provider is there exactly while the Server-to-Server OAuth app is set; its REST client (and
// so its cached access token) is made anew when those credentials change; the SDK signature and
// the webhook's verification read the current values.
//
// Other processes on the same database hear of a change through the event hub (NOTIFY on
// PostgreSQL) and read it at once; every few seconds each process also compares the stored
// version with the one it holds, for a missed event and for SQLite files shared by processes.
import type { FastifyBaseLogger } from 'fastify';
import { EVENT } from '#common/events.ts';
import type { AppContext, Clock } from '#server/context.ts';
import { openSecretBox, type SecretBox } from '#server/lib/secret-box.ts';
import { withStoredCredentials, type ZoomSettings } from './settings.ts';
import {
  NOTHING_STORED,
  readStoredCredentials,
  type StoredCredentials,
  storedVersion,
} from './stored-credentials.ts';
import { ZOOM, ZoomVideoProvider } from './zoom-provider.ts';

/** How often a process checks the stored version besides hearing the change event. */
export const VERSION_CHECK_MS = 3_000;

const apiKey = (settings: ZoomSettings) =>
  settings.api
    ? JSON.stringify([
        settings.api.accountId,
        settings.api.clientId,
        settings.api.clientSecret,
        settings.apiUrl,
        settings.oauthUrl,
      ])
    : '';

export class ZoomConnection {
  readonly environment: ZoomSettings;
  readonly #clock: Clock;
  #stored: StoredCredentials = NOTHING_STORED;
  #settings: ZoomSettings;
  #provider: ZoomVideoProvider | undefined;
  #box: SecretBox | undefined;
  #reading: Promise<void> | undefined;

  constructor(environment: ZoomSettings, clock: Clock) {
    this.environment = environment;
    this.#clock = clock;
    this.#settings = environment;
    this.#provider = this.#makeProvider(undefined);
  }

  /** The settings in force: the environment's, and the app's credentials it leaves unset. */
  settings(): ZoomSettings {
    return this.#settings;
  }

  /** The provider while the OAuth app is set; undefined otherwise (Zoom is not connected). */
  provider(): ZoomVideoProvider | undefined {
    return this.#provider;
  }

  stored(): StoredCredentials {
    return this.#stored;
  }

  /** The box sealing the stored values (the server's key); there once started. */
  box(): SecretBox {
    if (!this.#box) throw new Error('the Zoom connection has not been started');
    return this.#box;
  }

  #makeProvider(previous: ZoomVideoProvider | undefined): ZoomVideoProvider | undefined {
    const settings = this.#settings;
    if (!settings.api) return undefined;
    // The same OAuth app: keep its client, and the access token it holds.
    const client =
      previous && apiKey(previous.settings) === apiKey(settings) ? previous.client : undefined;
    return new ZoomVideoProvider({ ...settings, api: settings.api }, this.#clock, client);
  }

  #apply(stored: StoredCredentials) {
    this.#stored = stored;
    this.#settings = withStoredCredentials(this.environment, stored.values);
    this.#provider = this.#makeProvider(this.#provider);
  }

  /** Reads the stored credentials again, after any read under way (so the last read wins). */
  reload(ctx: AppContext): Promise<void> {
    const read = (this.#reading ?? Promise.resolve())
      .catch(() => {})
      .then(() => readStoredCredentials(ctx.database.db, this.box()))
      .then((stored) => this.#apply(stored));
    this.#reading = read;
    return read;
  }

  /**
   * Reads the stored credentials, then keeps them current: on the change event, and when the
   * stored version differs from the one held. Returns the stop.
   */
  async start(ctx: AppContext, log: FastifyBaseLogger): Promise<() => void> {
    this.#box = openSecretBox({ key: ctx.config.secretsKey, dataDir: ctx.config.dataDir });
    await this.reload(ctx);
    const readAgain = () =>
      this.reload(ctx).catch((error: unknown) =>
        log.warn({ err: error }, 'could not read the Zoom settings kept in the app'),
      );
    const unsubscribe = ctx.events.subscribe((event) => {
      if (
        event.type === EVENT.providerSettings &&
        event.data.provider === ZOOM &&
        event.data.version !== this.#stored.version
      )
        void readAgain();
    });
    const timer = setInterval(() => {
      storedVersion(ctx.database.db)
        .then((version) => {
          if (version !== this.#stored.version) return readAgain();
        })
        .catch(() => {
          // The database briefly away: the next check reads again.
        });
    }, VERSION_CHECK_MS);
    timer.unref();
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }
}

/** Zoom's connection in this server (registered by features/providers/installed.ts). */
export function zoomConnectionOf(ctx: AppContext): ZoomConnection | undefined {
  const connection = ctx.providers.connectionOf(ZOOM);
  return connection instanceof ZoomConnection ? connection : undefined;
}
