// Center settings dialog (product.md §2, §5, §8): name and logo; on success it closes after 1.5 s.
import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { centerSettingsInput } from '#common/center.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { refusalText } from '#web/lib/error-text.ts';
import { imageProblem } from '#web/lib/image-file.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useCenterSettings, useUpdateCenterName, useUploadLogo } from './api.ts';

const CLOSE_AFTER_SUCCESS_MS = 1_500;

export function CenterSettingsDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const center = useCenterSettings();
  const updateName = useUpdateCenterName();
  const uploadLogo = useUploadLogo();
  const { form, formError, setFormError, validInput, showError, reset } = useAppForm({
    initialValues: { center_name: '' },
    schema: centerSettingsInput,
  });
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  // Filled when the dialog opens, not when the settings change: the realtime update of our own
  // save must not reset the form or hide its success message.
  useEffect(() => {
    if (!opened) return;
    reset({ center_name: center.data?.center_name ?? '' });
    setLogo(null);
    setPreview(null);
    setSuccess(false);
  }, [opened]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const chooseLogo = (file: File | null) => {
    if (!file) return;
    const problem = imageProblem(file, 'any-image');
    if (problem) {
      setFormError(problem === 'type' ? t('error.LOGO_INVALID') : t('error.LOGO_TOO_LARGE'));
      return;
    }
    setFormError(null);
    setLogo(file);
    setPreview(URL.createObjectURL(file));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    if (logo) {
      try {
        await uploadLogo.mutateAsync(logo);
      } catch (e) {
        showError(e, refusalText(e, t('error.CENTER_LOGO_UPLOAD_FAILED')));
        return;
      }
    }
    try {
      await updateName.mutateAsync(input.center_name);
    } catch (e) {
      showError(e, refusalText(e, t('error.CENTER_SAVE_FAILED')));
      return;
    }
    setSuccess(true);
    notifySuccess(t('error.CENTER_UPDATED'));
    closeTimer.current = window.setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
  };

  const guard = useGuardedClose({
    opened,
    dirty: !success && (form.isDirty() || logo !== null),
    onClose,
  });
  const busy = updateName.isPending || uploadLogo.isPending;
  const logoUrl = preview ?? center.data?.logo_url;
  return (
    <Modal opened={opened} {...guard.modalProps} title={t('center.dialogTitle')} centered>
      <form onSubmit={save} noValidate>
        <Stack>
          <FormError message={formError} />
          {success && (
            <Alert color="success" role="status">
              {t('error.CENTER_UPDATED')}
            </Alert>
          )}
          <TextInput label={t('center.name')} {...form.getInputProps('center_name')} required />
          <Group>
            {logoUrl ? (
              <Image src={logoUrl} alt={t('center.logo')} w={64} h={64} fit="contain" />
            ) : (
              <Text size="sm" c="dimmed">
                {t('center.noLogo')}
              </Text>
            )}
            <FileButton
              onChange={chooseLogo}
              accept="image/*"
              inputProps={{ 'aria-label': t('center.logo') }}
            >
              {(props) => (
                <Button {...props} variant="light">
                  {t('center.uploadLogo')}
                </Button>
              )}
            </FileButton>
          </Group>
          <FormActions
            onCancel={guard.close}
            submitLabel={t('common.save')}
            loading={busy}
            disabled={success}
          />
        </Stack>
      </form>
    </Modal>
  );
}
