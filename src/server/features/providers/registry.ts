// The video providers this server has configured, by id. A lesson is held on the provider its
// venue names ('zoom', 'room', 'link'); a lesson's stored meeting names its own provider, so it
// keeps working with it. An installed provider that is not configured (one without its credentials)
// is known by the refusal its lessons get.
import type { MessageCode } from '#common/messages.ts';
import { AppError } from '#server/errors.ts';
import type { VideoProvider } from './provider.ts';

export class ProviderRegistry {
  readonly #providers = new Map<string, VideoProvider>();
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

  get(id: string): VideoProvider | undefined {
    return this.#providers.get(id);
  }

  /**
   * The provider holding lessons of this venue, or the refusal that says it is not connected and
   * who can connect it (MEETING_SDK_NOT_CONFIGURED for a provider this server does not know).
   */
  required(id: string): VideoProvider {
    const provider = this.#providers.get(id);
    if (provider) return provider;
    throw new AppError(this.#notConnected.get(id) ?? 'MEETING_SDK_NOT_CONFIGURED');
  }
}
