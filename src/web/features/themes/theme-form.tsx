// Create or edit a theme (product.md §2, §5): name, description, the one primary colour the ten
// primary shades are made from (issue 26 point 5), and, under 'Nâng cao', one tab per colour
// category with a picker for each shade. New themes start from the default colours (§9).
import {
  Accordion,
  ColorInput,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { FormEvent } from 'react';
import {
  BACKGROUND_KEYS,
  COLOR_CATEGORIES,
  COLOR_SCALE_STEPS,
  DEFAULT_THEME_COLORS,
  THEME_COLOR_KEYS,
  type ThemeColorKey,
} from '#common/theme-defaults.ts';
import type { ThemeDto } from '#common/themes.ts';
import { createThemeInput } from '#common/themes.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useDirtyReport } from '#web/components/guarded-close.tsx';
import { type MessageKey, t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useCreateTheme, useUpdateTheme } from './api.ts';
import { themeColors } from './mantine-theme.ts';
import { PrimaryColorPicker } from './primary-color-picker.tsx';

const TABS = [...COLOR_CATEGORIES, 'background'] as const;
const keysOf = (tab: (typeof TABS)[number]): readonly ThemeColorKey[] =>
  tab === 'background'
    ? BACKGROUND_KEYS
    : COLOR_SCALE_STEPS.map((step) => `${tab}_${step}` as ThemeColorKey);

export function ThemeForm({ theme, onDone }: { theme?: ThemeDto; onDone: () => void }) {
  const create = useCreateTheme();
  const update = useUpdateTheme();
  const { form, formError, validInput, showError } = useAppForm({
    initialValues: {
      theme_name: theme?.theme_name ?? '',
      description: theme?.description ?? '',
      ...(theme ? themeColors(theme) : { ...DEFAULT_THEME_COLORS }),
    },
    schema: createThemeInput,
    toInput: (values) => ({ ...values, description: values.description || null }),
  });
  useDirtyReport(form.isDirty());
  // A colour's picker may sit on a tab that is not open: its problem is also said above the form.
  const colorError = THEME_COLOR_KEYS.map((key) => form.errors[key]).find(Boolean);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    const options = {
      onSuccess: () => {
        notifySuccess(
          t(theme ? 'themes.savedEdit' : 'themes.savedCreate', { name: input.theme_name }),
        );
        onDone();
      },
      onError: (e: Error) => showError(e),
    };
    if (theme) update.mutate({ themeId: theme.theme_id, input }, options);
    else create.mutate(input, options);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={formError ?? (colorError ? String(colorError) : null)} />
        <TextInput label={t('themes.name')} {...form.getInputProps('theme_name')} required />
        <Textarea
          label={t('themes.description')}
          {...form.getInputProps('description')}
          autosize
          minRows={2}
        />
        <PrimaryColorPicker
          colors={form.getValues()}
          onShades={(shades) => form.setValues(shades)}
        />
        {/* Every one of the 60 colours stays editable, out of the way until asked for. */}
        <Accordion variant="contained">
          <Accordion.Item value="advanced">
            <Accordion.Control>{t('themes.advanced')}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" c="dimmed" mb="sm">
                {t('themes.advancedHint')}
              </Text>
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
                          {...form.getInputProps(key)}
                        />
                      ))}
                    </SimpleGrid>
                  </Tabs.Panel>
                ))}
              </Tabs>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
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
