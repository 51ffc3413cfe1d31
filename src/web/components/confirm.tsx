// The confirm dialog (product.md §2): title, message, configurable confirm and cancel texts
// (defaults 'Xác nhận' / 'Hủy'), then the action. Drawn by @mantine/modals' provider in the main
// layout, above every other dialog: a confirmation is usually asked from inside one.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { t } from '#web/i18n/index.ts';
import { openLayer } from '#web/lib/dialog-layers.ts';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
  onConfirm: () => void;
}

export function confirmThen(options: ConfirmOptions): void {
  // The top layer while it is open: Escape closes it, not the dialog it was asked from.
  const closeLayer = openLayer();
  modals.openConfirmModal({
    title: options.title,
    children: <Text size="sm">{options.message}</Text>,
    labels: {
      confirm: options.confirmText ?? t('common.confirm'),
      cancel: options.cancelText ?? t('common.cancel'),
    },
    confirmProps: { color: options.danger ? 'error' : 'primary' },
    centered: true,
    zIndex: 1000,
    onConfirm: options.onConfirm,
    onClose: closeLayer,
  });
}

/** Asks before deleting: the confirm button says 'Xóa' and is coloured as a danger. */
export function confirmDeletion(title: string, message: string, onConfirm: () => void): void {
  confirmThen({ title, message, confirmText: t('common.delete'), danger: true, onConfirm });
}
