// Dialogs that load when first opened, not with the page that offers them (issue 31 point 4: a
// page's first load stays under its budget). Until its first opening such a dialog renders nothing
// and downloads nothing; from then on it stays mounted, so it closes with its transition as before
// (as the profile dialog does, app/layout/right-sidebar.tsx). While its file comes, a loader shows
// over the page; a file that cannot be fetched or does not come within the chunk timeout rejects
// with a ChunkLoadError, which reaches the route's error boundary, as a page's does.
import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { t } from '#web/i18n/index.ts';
import { loadChunk } from './lazy-page.ts';

/** Every dialog's file is one 'chunk' for the reload-once-after-a-redeploy rule (lazy-page.ts). */
const DIALOG_CHUNK = 'dialog';

function Loading() {
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 400, pointerEvents: 'none' }}>
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/** A dialog component loaded on its first opening; `preload` fetches it ahead (a hover, a focus). */
export type LazyDialog<Props> = ComponentType<Props> & { preload(): void };

export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  /** Whether the props ask for the dialog to be shown. */
  isOpen: (props: Props) => boolean,
): LazyDialog<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () => {
    loading ??= loadChunk(DIALOG_CHUNK, load).then((component) => ({ default: component }));
    return loading;
  };
  const Dialog = lazy(start);
  function LazyDialogComponent(props: Props) {
    const open = isOpen(props);
    const [asked, setAsked] = useState(open);
    if (open && !asked) setAsked(true);
    if (!asked && !open) return null;
    return (
      <Suspense fallback={<Loading />}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialogComponent, {
    preload: () => {
      start().catch(() => {});
    },
  });
}
