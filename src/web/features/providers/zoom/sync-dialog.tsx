// The SYNC dialog of the Zoom accounts page (product.md §2): Zoom's users not yet in the pool,
// with select-all and per-user 'Thêm'; kept open naming what could not be added.
import { Alert, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ProviderUserDto } from '#common/providers/zoom/contracts.ts';
import { t } from '#web/i18n/index.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useAddZoomUsers } from './api.ts';

export function SyncDialog({
  users,
  onClose,
}: {
  users: ProviderUserDto[] | null;
  onClose: () => void;
}) {
  const add = useAddZoomUsers();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [added, setAdded] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const remaining = (users ?? []).filter((u) => !added.has(u.id));
  useEffect(() => {
    if (users !== null) {
      setAdded(new Set());
      setSelected(new Set());
      setFailure(null);
    }
  }, [users]);
  /** closeAfter: 'Thêm đã chọn' ends the dialog; one account's own 'Thêm' keeps it for the rest. */
  const addUsers = (chosen: ProviderUserDto[], closeAfter = false) =>
    add.mutate(
      chosen.map((u) => ({ id: u.id, email: u.email })),
      {
        onSuccess: (result) => {
          // The toast names how many were added; with nothing left to add the dialog is done.
          notifySuccess(noticeText(result));
          setFailure(null);
          const nowAdded = new Set([...added, ...chosen.map((u) => u.id)]);
          setAdded(nowAdded);
          setSelected(new Set());
          if (closeAfter || (users ?? []).every((u) => nowAdded.has(u.id))) onClose();
        },
        // Kept open, saying which accounts could not be added and why.
        onError: (error) => setFailure(errorText(error)),
      },
    );
  const allChecked = remaining.length > 0 && remaining.every((u) => selected.has(u.id));
  return (
    <Modal
      opened={users !== null}
      onClose={onClose}
      title={t('hostAccounts.syncTitle')}
      size="lg"
      centered
    >
      <Stack>
        {failure && (
          <Alert color="error" title={t('hostAccounts.addFailedTitle')} role="alert">
            {failure}
          </Alert>
        )}
        <Checkbox
          label={t('hostAccounts.selectAll')}
          checked={allChecked}
          indeterminate={!allChecked && selected.size > 0}
          onChange={() => setSelected(allChecked ? new Set() : new Set(remaining.map((u) => u.id)))}
        />
        {remaining.map((user) => (
          <Group key={user.id} justify="space-between" wrap="nowrap">
            <Checkbox
              label={`${user.email} (${`${user.first_name} ${user.last_name}`.trim()})`}
              aria-label={t('hostAccounts.select', { email: user.email })}
              checked={selected.has(user.id)}
              onChange={() =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (next.has(user.id)) next.delete(user.id);
                  else next.add(user.id);
                  return next;
                })
              }
            />
            <Button
              size="xs"
              variant="light"
              aria-label={t('hostAccounts.addOne', { email: user.email })}
              onClick={() => addUsers([user])}
            >
              {t('classes.add')}
            </Button>
          </Group>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button
            disabled={selected.size === 0}
            loading={add.isPending}
            onClick={() =>
              addUsers(
                remaining.filter((u) => selected.has(u.id)),
                true,
              )
            }
          >
            {t('hostAccounts.addSelected', { count: selected.size })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
