// Dialogs that load when first opened, not with the page that offers them (issue 31 point 4: a
// page's first load stays under its budget). Until its first opening such a dialog renders nothing
// and downloads nothing; from then on it stays mounted, so it closes with its transition as before
// (as the profile dialog does, app/layout/right-sidebar.tsx). A chunk that cannot be fetched
// reaches the route's error boundary, as a page's does.
import { type ComponentType, lazy, Suspense, useState } from 'react';

/** A dialog component loaded on its first opening; `preload` fetches it ahead (a hover, a focus). */
export type LazyDialog<Props> = ComponentType<Props> & { preload(): void };

export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  /** Whether the props ask for the dialog to be shown. */
  isOpen: (props: Props) => boolean,
): LazyDialog<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  const Dialog = lazy(start);
  function LazyDialogComponent(props: Props) {
    const open = isOpen(props);
    const [asked, setAsked] = useState(open);
    if (open && !asked) setAsked(true);
    if (!asked && !open) return null;
    return (
      <Suspense fallback={null}>
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
