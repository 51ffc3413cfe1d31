// Theme manager (product.md §2, §5): list, create, edit, apply, delete, in three modes — view,
// create, edit. Edit has one tab per colour category with a picker for each shade. New themes
// start from the default colours (§9). The active and the default theme cannot be deleted, and
// their delete buttons say why.
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  ColorSwatch,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { ThemeDto } from '#common/themes.ts';
import { confirmDeletion } from '#web/components/confirm.tsx';
import { DeleteIconButton } from '#web/components/delete-icon-button.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { t } from '#web/i18n/index.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useApplyTheme, useDeleteTheme, useThemes } from './api.ts';
import { themeColors } from './mantine-theme.ts';
import { ThemeForm } from './theme-form.tsx';

type Mode = { kind: 'view' } | { kind: 'create' } | { kind: 'edit'; theme: ThemeDto };

export function ThemeManagerDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const close = () => {
    setMode({ kind: 'view' });
    onClose();
  };
  // The theme form says itself whether it holds changes (guard.Scope).
  const guard = useGuardedClose({ opened, onClose: close });
  const title =
    mode.kind === 'create'
      ? t('themes.create')
      : mode.kind === 'edit'
        ? t('themes.edit')
        : t('themes.dialogTitle');
  return (
    <Modal opened={opened} {...guard.modalProps} title={title} size="xl" centered>
      <guard.Scope>
        {mode.kind === 'view' ? (
          <ThemeList
            onCreate={() => setMode({ kind: 'create' })}
            onEdit={(theme) => setMode({ kind: 'edit', theme })}
          />
        ) : (
          <ThemeForm
            key={mode.kind === 'edit' ? mode.theme.theme_id : 'new'}
            theme={mode.kind === 'edit' ? mode.theme : undefined}
            onDone={() => setMode({ kind: 'view' })}
          />
        )}
      </guard.Scope>
    </Modal>
  );
}

function ThemeList({
  onCreate,
  onEdit,
}: {
  onCreate: () => void;
  onEdit: (theme: ThemeDto) => void;
}) {
  const themes = useThemes();
  const apply = useApplyTheme();
  const remove = useDeleteTheme();

  const deleteTheme = async (theme: ThemeDto) => {
    confirmDeletion(
      t('themes.deleteTitle'),
      t('themes.deleteMessage', { name: theme.theme_name }),
      () =>
        remove.mutate(theme.theme_id, {
          onSuccess: () => notifySuccess(t('themes.deleted', { name: theme.theme_name })),
          onError: (error) => notifyError(errorText(error)),
        }),
    );
  };

  return (
    <Stack>
      <Group justify="flex-end">
        <Button onClick={onCreate}>{t('themes.create')}</Button>
      </Group>
      <QueryState query={themes} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {themes.data?.map((theme) => {
          const colors = themeColors(theme);
          const deleteBlocked = theme.is_active
            ? t('themes.cannotDeleteActive')
            : theme.is_default
              ? t('themes.cannotDeleteDefault')
              : null;
          return (
            <Card key={theme.theme_id} withBorder radius="md" data-testid="theme-card">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>{theme.theme_name}</Text>
                  <Group gap={4}>
                    {theme.is_default && <Badge variant="light">{t('themes.default')}</Badge>}
                    {theme.is_active && (
                      <Badge color="success" variant="light">
                        {t('themes.applied')}
                      </Badge>
                    )}
                  </Group>
                </Group>
                {theme.description && (
                  <Text size="xs" c="dimmed">
                    {theme.description}
                  </Text>
                )}
                <Group gap={6}>
                  {(
                    ['primary_500', 'success_500', 'warning_500', 'error_500', 'gray_500'] as const
                  ).map((key) => (
                    <ColorSwatch key={key} color={colors[key]} size={20} title={key} />
                  ))}
                </Group>
                <Group justify="space-between">
                  <Button
                    size="xs"
                    leftSection={<IconCheck size={14} aria-hidden />}
                    disabled={theme.is_active}
                    loading={apply.isPending && apply.variables === theme.theme_id}
                    onClick={() =>
                      apply.mutate(theme.theme_id, {
                        onSuccess: () =>
                          notifySuccess(t('themes.appliedMessage', { name: theme.theme_name })),
                        onError: (error) => notifyError(errorText(error)),
                      })
                    }
                    aria-label={`${t('themes.apply')} ${theme.theme_name}`}
                  >
                    {t('themes.apply')}
                  </Button>
                  <Group gap={4}>
                    <Tooltip label={t('common.edit')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('common.edit')} ${theme.theme_name}`}
                        onClick={() => onEdit(theme)}
                      >
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={deleteBlocked ?? t('common.delete')}>
                      {/* A disabled button gets no pointer events: the wrapper keeps the tooltip. */}
                      <span>
                        <DeleteIconButton
                          disabled={deleteBlocked !== null}
                          label={`${t('common.delete')} ${theme.theme_name}${deleteBlocked ? ` (${deleteBlocked})` : ''}`}
                          onClick={() => void deleteTheme(theme)}
                        />
                      </span>
                    </Tooltip>
                  </Group>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
