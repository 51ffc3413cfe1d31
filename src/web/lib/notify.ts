// Toasts (product.md §2 global widgets): success, error, warning, info; 5 s by default, info stays
// until dismissed. The toast library is not part of the login page's first download: it loads
// with the toasts' container (app.tsx), and a toast raised before it arrives shows once it has.
import { TOAST_DEFAULT_DURATION_MS } from '#common/constants.ts';
import { t } from '#web/i18n/index.ts';

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

const colorByType: Record<NotificationType, string> = {
  success: 'success',
  error: 'error',
  warning: 'warning',
  info: 'primary',
};

export function notify(options: {
  type: NotificationType;
  title?: string;
  message: string;
  autoClose?: number | false;
}): void {
  const title =
    options.title ??
    (options.type === 'success'
      ? t('common.success')
      : options.type === 'error'
        ? t('common.error')
        : undefined);
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      title,
      message: options.message,
      color: colorByType[options.type],
      withCloseButton: true,
      autoClose: options.autoClose ?? (options.type === 'info' ? false : TOAST_DEFAULT_DURATION_MS),
    }),
  );
}

export const notifySuccess = (message: string, title?: string) =>
  notify({ type: 'success', message, title });
export const notifyError = (message: string, title?: string) =>
  notify({ type: 'error', message, title });
