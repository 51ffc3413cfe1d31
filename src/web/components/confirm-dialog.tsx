// The confirm dialog (product.md §2): title, message, configurable confirm and cancel texts
// (defaults 'Xác nhận' / 'Hủy'). `useConfirm()` returns a function that resolves true/false.
import { Button, Group, Modal, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { t } from '#web/i18n/index.ts';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm>(async () => false);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<
    (ConfirmOptions & { resolve: (ok: boolean) => void }) | null
  >(null);
  const confirm = useCallback<Confirm>(
    (options) => new Promise<boolean>((resolve) => setRequest({ ...options, resolve })),
    [],
  );
  const finish = (ok: boolean) => {
    request?.resolve(ok);
    setRequest(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {/* Above every other dialog: a confirmation is usually asked from inside one. */}
      <Modal
        opened={request !== null}
        onClose={() => finish(false)}
        title={request?.title}
        centered
        zIndex={1000}
      >
        <Text size="sm">{request?.message}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => finish(false)}>
            {request?.cancelText ?? t('common.cancel')}
          </Button>
          <Button color={request?.danger ? 'error' : 'primary'} onClick={() => finish(true)}>
            {request?.confirmText ?? t('common.confirm')}
          </Button>
        </Group>
      </Modal>
    </ConfirmContext.Provider>
  );
}

export const useConfirm = () => useContext(ConfirmContext);

/** Asks before deleting: the confirm button says 'Xóa' and is coloured as a danger. */
export function useConfirmDelete() {
  const confirm = useConfirm();
  return useCallback(
    (title: string, message: string) =>
      confirm({ title, message, confirmText: t('common.delete'), danger: true }),
    [confirm],
  );
}
