// Lazily loaded pages that fail visibly instead of leaving a white page (SPEC.md §8 'Loading
// chunk {id} failed', §9 chunk timeout 120000 ms). A page's chunk that cannot be fetched (a
// redeploy removed it, the network dropped) or that has not arrived within the timeout rejects
// with a ChunkLoadError, which the route's error boundary shows with a reload action.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { MEETING } from '../../common/constants.ts';

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

const RELOAD_MARK = 'edu:chunk-reload-at';
/** A reload that did not help within this long is not tried again (no reload loop). */
const RELOAD_GUARD_MS = 60_000;

/**
 * After a redeploy the open page still asks for the old build's chunks, which are gone: the app
 * reloads itself once to get the new build. True when a reload is under way.
 */
export function reloadOnceForNewBuild(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

export function lazyPage<T extends ComponentType>(
  chunk: string,
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = window.setTimeout(
          () => reject(new ChunkLoadError(chunk)),
          MEETING.chunkLoadTimeoutMs,
        );
        load().then(
          (module) => {
            window.clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            window.clearTimeout(timer);
            reject(isChunkLoadError(error) ? new ChunkLoadError(chunk, error) : error);
          },
        );
      }),
  );
}
