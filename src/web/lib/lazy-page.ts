// Lazily loaded pages that fail visibly instead of leaving a white page (product.md §8 'Loading
// chunk {id} failed', §9 chunk timeout 120000 ms). A page's chunk that cannot be fetched (a
// redeploy removed it, the network dropped) or that has not arrived within the timeout rejects
// with a ChunkLoadError, which the route's error boundary shows with a reload action.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { MEETING } from '#common/constants.ts';

export class ChunkLoadError extends Error {
  readonly chunk: string;
  constructor(chunk: string, cause?: unknown) {
    super(`Loading chunk ${chunk} failed`, { cause });
    this.name = 'ChunkLoadError';
    this.chunk = chunk;
  }
}

/** The browsers' words for a dynamic import whose file could not be fetched or parsed. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** The chunk that made the app reload itself; cleared once that chunk loads again. */
const RELOADED_FOR = 'edu:reloaded-for-chunk';

/**
 * After a redeploy the open page still asks for the old build's chunks, which are gone: the app
 * reloads itself once to get the new build. Once per chunk: if the same chunk fails again after
 * that reload, the page says so instead of reloading in a loop. True when a reload is under way.
 */
export function reloadOnceForNewBuild(chunk: string): boolean {
  try {
    if (sessionStorage.getItem(RELOADED_FOR) === chunk) return false;
    sessionStorage.setItem(RELOADED_FOR, chunk);
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

function loadedAgain(chunk: string) {
  try {
    if (sessionStorage.getItem(RELOADED_FOR) === chunk) sessionStorage.removeItem(RELOADED_FOR);
  } catch {
    // No storage: nothing was marked.
  }
}

/**
 * Loads a lazily fetched part of the app (a page, a dialog) within the chunk timeout: a file that
 * cannot be fetched, or has not arrived in time, rejects with a ChunkLoadError naming `chunk`.
 */
export function loadChunk<T>(chunk: string, load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(
      () => reject(new ChunkLoadError(chunk)),
      MEETING.chunkLoadTimeoutMs,
    );
    load().then(
      (module) => {
        window.clearTimeout(timer);
        loadedAgain(chunk);
        resolve(module);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(isChunkLoadError(error) ? new ChunkLoadError(chunk, error) : error);
      },
    );
  });
}

/** A lazy page whose chunk can be asked for before it renders (LazyPage.preload). */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint (pages with or without props)
export type LazyPage<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  /**
   * Starts fetching the page's chunk now, once: the router asks for the layout's and the page's
   * chunks together, while the session is still being read, instead of one after the other.
   */
  preload(): void;
};

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint (pages with or without props)
export function lazyPage<T extends ComponentType<any>>(
  chunk: string,
  load: () => Promise<{ default: T }>,
): LazyPage<T> {
  let loading: Promise<{ default: T }> | undefined;
  // The page and the catalogue's after-sign-in texts, which every page may use.
  const start = () => {
    loading ??= loadChunk(chunk, () =>
      Promise.all([load(), import('#web/i18n/after-sign-in.ts')]).then(([module]) => module),
    );
    return loading;
  };
  const page = lazy(start) as LazyPage<T>;
  page.preload = () => {
    // A failure shows when the page renders (React.lazy gets the same promise).
    start().catch(() => {});
  };
  return page;
}
