// The video providers this server has configured, by id. A lesson is held on the provider its
// venue names ('zoom', 'room', 'link'); a lesson's stored meeting names its own provider, so it
// keeps working with it. An installed provider that is not configured (one without its credentials)
// is known by the refusal its lessons get. A provider whose credentials can change while the server
// runs (set in the app by the admin) is registered by its connection, asked at each use.
import type { MessageCode } from '#common/messages.ts';
import { AppError } from '#server/errors.ts';
import type { VideoProvider } from './provider.ts';

/** A provider whose credentials may change while the server runs: there while they are set. */
export interface ProviderConnection {
  provider(): VideoProvider | undefined;
}

export class ProviderRegistry {
  readonly #providers = new Map<string, VideoProvider>();
  readonly #connections = new Map<string, ProviderConnection>();
  readonly #notConnected = new Map<string, MessageCode>();

  register(provider: VideoProvider): this {
    this.#providers.set(provider.id, provider);
    this.#notConnected.delete(provider.id);
    return this;
  }

  /** An installed provider without its credentials, and what starting its lessons answers. */
  notConfigured(id: string, refusal: MessageCode): this {
    if (!this.#providers.has(id)) this.#notConnected.set(id, refusal);
    return this;
  }

  /** A provider known by its connection, and what its lessons answer while it has none. */
  connected(id: string, connection: ProviderConnection, refusal: MessageCode): this {
    this.#connections.set(id, connection);
    this.#notConnected.set(id, refusal);
    return this;
  }

  /** The connection a provider was registered with (its own routes read its settings). */
  connectionOf(id: string): ProviderConnection | undefined {
    return this.#connections.get(id);
  }

  /** Every provider configured now (those known by a connection while it has credentials). */
  all(): VideoProvider[] {
    const ids = new Set([...this.#providers.keys(), ...this.#connections.keys()]);
    return [...ids].flatMap((id) => this.get(id) ?? []);
  }

  /** Whether this server has the provider, connected or not (one whose credentials are not set yet). */
  isInstalled(id: string): boolean {
    return this.#providers.has(id) || this.#connections.has(id) || this.#notConnected.has(id);
  }

  get(id: string): VideoProvider | undefined {
    return this.#providers.get(id) ?? this.#connections.get(id)?.provider();
  }

  /**
   * The provider holding lessons of this venue, or the refusal that says it is not connected and
   * who can connect it (MEETING_SDK_NOT_CONFIGURED for a provider this server does not know).
   */
  required(id: string): VideoProvider {
    const provider = this.get(id);
    if (provider) return provider;
    throw new AppError(this.#notConnected.get(id) ?? 'MEETING_SDK_NOT_CONFIGURED');
  }
}
