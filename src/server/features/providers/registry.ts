// The video providers this server has configured, by id. Lessons are held on the first one
// registered; a lesson's stored meeting names its own provider, so it keeps working with it.
import type { VideoProvider } from './provider.ts';

export class ProviderRegistry {
  readonly #providers = new Map<string, VideoProvider>();

  register(provider: VideoProvider): this {
    this.#providers.set(provider.id, provider);
    return this;
  }

  get(id: string): VideoProvider | undefined {
    return this.#providers.get(id);
  }

  /** The provider a lesson started now is held on, or undefined when none is configured. */
  forNewLessons(): VideoProvider | undefined {
    return this.#providers.values().next().value;
  }
}
