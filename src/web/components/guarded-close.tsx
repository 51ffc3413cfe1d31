// Closing a dialog with a form (Escape, its close button, a click outside, Hủy): when something was
// typed in it, a confirmation asks before the input is thrown away; when nothing was, it closes at
// once. Escape is the top dialog's only: a dialog opened from another (or a confirmation over it)
// closes alone, and an Escape that closes a dropdown inside (a picker, a select) closes nothing
// more (Mantine's dialogs leave an element marked data-mantine-stop-propagation alone).
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { t } from '#web/i18n/index.ts';
import { useTopLayer } from '#web/lib/dialog-layers.ts';
import { confirmThen } from './confirm.tsx';

/** Asks before discarding typed input, then calls `onClose`. */
export function confirmDiscard(onClose: () => void): void {
  confirmThen({
    title: t('discard.title'),
    message: t('discard.message'),
    confirmText: t('discard.confirm'),
    cancelText: t('discard.keepEditing'),
    danger: true,
    onConfirm: onClose,
  });
}

type Report = (form: object, dirty: boolean) => void;
const DirtyReports = createContext<Report | null>(null);

/**
 * `close` for the dialog's Hủy button; the props that route the Modal's own ways of closing through
 * it (`<Modal opened={opened} {...guard.modalProps}>`); and `Scope`, around the dialog's content,
 * for forms further down that say themselves whether they hold typed input (useDirtyReport).
 */
export function useGuardedClose({
  opened,
  dirty = false,
  onClose,
}: {
  opened: boolean;
  /** Whether closing now would throw typed input of the dialog's own form away. */
  dirty?: boolean;
  onClose: () => void;
}) {
  const onTop = useTopLayer(opened);
  const [dirtyInside, setDirtyInside] = useState<ReadonlySet<object>>(new Set());
  const report = useCallback<Report>(
    (form, formDirty) =>
      setDirtyInside((forms) => {
        if (forms.has(form) === formDirty) return forms;
        const next = new Set(forms);
        if (formDirty) next.add(form);
        else next.delete(form);
        return next;
      }),
    [],
  );
  const close = () => (dirty || dirtyInside.size > 0 ? confirmDiscard(onClose) : onClose());
  const Scope = useCallback(
    ({ children }: { children: ReactNode }) => (
      <DirtyReports.Provider value={report}>{children}</DirtyReports.Provider>
    ),
    [report],
  );
  return {
    close,
    modalProps: { onClose: close, closeOnEscape: onTop, closeOnClickOutside: onTop },
    Scope,
  };
}

/** Tells the dialog around a form (if any) whether the form holds typed input. */
export function useDirtyReport(dirty: boolean): void {
  const report = useContext(DirtyReports);
  const [form] = useState(() => ({}));
  useEffect(() => {
    report?.(form, dirty);
  }, [report, form, dirty]);
  useEffect(() => () => report?.(form, false), [report, form]);
}
