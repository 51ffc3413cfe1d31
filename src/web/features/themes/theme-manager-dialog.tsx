// Theme manager (product.md §2, §5): list, create, edit, apply, delete, in three modes — view,
// create, edit. Edit has one tab per colour category with a picker for each shade. New themes
// start from the default colours (§9). The active and the default theme cannot be deleted, and
// their delete buttons say why.
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  ColorInput,
  ColorSwatch,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import type { ThemeDto } from '#common/dto.ts';
import { createThemeInput } from '#common/schemas.ts';
import {
  BACKGROUND_KEYS,
  COLOR_CATEGORIES,
  COLOR_SCALE_STEPS,
  DEFAULT_THEME_COLORS,
  type ThemeColorKey,
} from '#common/theme-defaults.ts';
import { confirmDeletion } from '#web/components/confirm.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { type MessageKey, t } from '#web/i18n/index.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useApplyTheme, useCreateTheme, useDeleteTheme, useThemes, useUpdateTheme } from './api.ts';
import { themeColors } from './mantine-theme.ts';

type Mode = { kind: 'view' } | { kind: 'create' } | { kind: 'edit'; theme: ThemeDto };

const TABS = [...COLOR_CATEGORIES, 'background'] as const;
const keysOf = (tab: (typeof TABS)[number]): readonly ThemeColorKey[] =>
  tab === 'background'
    ? BACKGROUND_KEYS
    : COLOR_SCALE_STEPS.map((step) => `${tab}_${step}` as ThemeColorKey);

export function ThemeManagerDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const close = () => {
    setMode({ kind: 'view' });
    onClose();
  };
  const title =
    mode.kind === 'create'
      ? t('themes.create')
      : mode.kind === 'edit'
        ? t('themes.edit')
        : t('themes.dialogTitle');
  return (
    <Modal opened={opened} onClose={close} title={title} size="xl" centered>
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
                      <Badge color="success" variant="filled">
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
                        <ActionIcon
                          variant="subtle"
                          color="error"
                          disabled={deleteBlocked !== null}
                          aria-label={`${t('common.delete')} ${theme.theme_name}${deleteBlocked ? ` (${deleteBlocked})` : ''}`}
                          onClick={() => void deleteTheme(theme)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
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

function ThemeForm({ theme, onDone }: { theme?: ThemeDto; onDone: () => void }) {
  const create = useCreateTheme();
  const update = useUpdateTheme();
  const [name, setName] = useState(theme?.theme_name ?? '');
  const [description, setDescription] = useState(theme?.description ?? '');
  const [colors, setColors] = useState<Record<ThemeColorKey, string>>(
    theme ? themeColors(theme) : { ...DEFAULT_THEME_COLORS },
  );
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { theme_name: name, description: description || null, ...colors };
    const parsed = createThemeInput.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    const options = {
      onSuccess: () => {
        notifySuccess(
          t(theme ? 'themes.savedEdit' : 'themes.savedCreate', { name: parsed.data.theme_name }),
        );
        onDone();
      },
      onError: (e: Error) => setError(errorText(e)),
    };
    if (theme) update.mutate({ themeId: theme.theme_id, input: parsed.data }, options);
    else create.mutate(parsed.data, options);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={error} />
        <TextInput
          label={t('themes.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
        />
        <Textarea
          label={t('themes.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Tabs defaultValue="primary" keepMounted={false}>
          <Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`themes.tab.${tab}` as MessageKey)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Panel key={tab} value={tab} pt="md">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
                {keysOf(tab).map((key) => (
                  <ColorInput
                    key={key}
                    label={key}
                    format="hex"
                    value={colors[key]}
                    onChange={(value) => setColors((current) => ({ ...current, [key]: value }))}
                  />
                ))}
              </SimpleGrid>
            </Tabs.Panel>
          ))}
        </Tabs>
        <FormActions
          onCancel={onDone}
          submitLabel={t('themes.save')}
          loading={create.isPending || update.isPending}
          cancelLabel={t('themes.back')}
        />
      </Stack>
    </form>
  );
}
