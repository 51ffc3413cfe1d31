// Profile modal (product.md §2, §5, §8): full name, avatar, change password (giving the current
// one), one's own sessions; email is read-only.
import {
  Button,
  Divider,
  FileButton,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, lazy, Suspense, useEffect } from 'react';
import { updateProfileInput } from '#common/profile.ts';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { ChangePasswordForm, useSession } from '#web/features/auth/index.ts';
import { EmailPreferencesSection } from '#web/features/email/index.ts';
import { language, rememberLanguage, t } from '#web/i18n/index.ts';
import { useAppForm } from '#web/lib/app-form.ts';
import { errorText, noticeText, refusalText } from '#web/lib/error-text.ts';
import { AVATAR_TYPES, imageProblem } from '#web/lib/image-file.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useSaveLanguage, useUpdateProfile, useUploadAvatar } from './api.ts';
import { OwnSessionsSection } from './session-list.tsx';

/**
 * The calendar link's part loads when the dialog opens: it and its texts (after-sign-in parts)
 * stay out of the login route's download.
 */
const CalendarFeedSection = lazy(() =>
  import('./calendar-feed-section.tsx').then((module) => ({
    default: module.CalendarFeedSection,
  })),
);

export function ProfileModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const session = useSession();
  const updateProfile = useUpdateProfile();
  const uploadAvatar = useUploadAvatar();
  const saveLanguage = useSaveLanguage();
  const user = session.data?.user;
  const { form, validInput, showError, reset } = useAppForm({
    initialValues: { full_name: user?.full_name ?? '' },
    schema: updateProfileInput,
  });

  useEffect(() => {
    if (opened) reset({ full_name: user?.full_name ?? '' });
  }, [opened]);
  // The password form below says itself whether it holds typed input (guard.Scope).
  const guard = useGuardedClose({ opened, dirty: form.isDirty(), onClose });

  if (!user) return null;

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    updateProfile.mutate(input.full_name, {
      onSuccess: (result) => {
        // Saved: the name typed is no longer input to lose.
        reset({ full_name: input.full_name });
        notifySuccess(noticeText(result));
      },
      onError: (error) => {
        showError(error);
        notifyError(errorText(error));
      },
    });
  };

  const chooseAvatar = (file: File | null) => {
    if (!file) return;
    const problem = imageProblem(file, AVATAR_TYPES);
    if (problem === 'type') return notifyError(t('error.AVATAR_TYPE'), t('profile.wrongFormat'));
    if (problem === 'size') return notifyError(t('error.AVATAR_SIZE'), t('profile.fileTooLarge'));
    uploadAvatar.mutate(file, {
      onSuccess: (result) => notifySuccess(noticeText(result)),
      onError: (error) =>
        notifyError(refusalText(error, t('error.AVATAR_UPLOAD_FAILED')), t('profile.uploadError')),
    });
  };

  return (
    <Modal opened={opened} {...guard.modalProps} title={t('profile.title')} size="md" centered>
      <guard.Scope>
        <Stack gap="lg">
          <Group>
            <UserAvatar name={user.full_name} url={user.avatar_url} size={64} />
            <FileButton
              onChange={chooseAvatar}
              accept={AVATAR_TYPES.join(',')}
              inputProps={{ 'aria-label': t('profile.avatar') }}
            >
              {(props) => (
                <Button {...props} variant="light" loading={uploadAvatar.isPending}>
                  {t('profile.uploadAvatar')}
                </Button>
              )}
            </FileButton>
          </Group>
          <form onSubmit={saveName} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('profile.fullName')}
                {...form.getInputProps('full_name')}
                required
              />
              <TextInput label={t('profile.email')} value={user.email} readOnly />
              <Group justify="flex-end">
                <Button type="submit" loading={updateProfile.isPending}>
                  {t('profile.save')}
                </Button>
              </Group>
            </Stack>
          </form>
          <Divider />
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('profile.changePassword')}
            </Title>
            <ChangePasswordForm askCurrent />
          </Stack>
          <Divider />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="profile-language-label">
              {t('profile.language')}
            </Text>
            <SegmentedControl
              aria-labelledby="profile-language-label"
              value={user.language ?? language}
              disabled={saveLanguage.isPending}
              data={[
                { value: 'vi', label: t('language.vi') },
                { value: 'en', label: t('language.en') },
              ]}
              onChange={(value) =>
                saveLanguage.mutate(value as 'vi' | 'en', {
                  onSuccess: () => {
                    // The app starts again in the chosen language (catalogue, dates, pickers).
                    rememberLanguage(value as 'vi' | 'en');
                    window.location.reload();
                  },
                  onError: (error) => notifyError(errorText(error)),
                })
              }
            />
          </Stack>
          <Divider />
          <EmailPreferencesSection />
          <Divider />
          <OwnSessionsSection />
          <Divider />
          <Suspense fallback={null}>
            <CalendarFeedSection />
          </Suspense>
        </Stack>
      </guard.Scope>
    </Modal>
  );
}
