// E-mail: Settings → Notifications (admin), one's own e-mail choices, and the password reset.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailPreferencesDto,
  EmailSettingsDto,
  EmailSettingsInput,
  TestEmailReply,
} from '#common/email.ts';
import type { Notice } from '#common/notice.ts';
import { api } from '#web/lib/api-client.ts';

const SETTINGS_KEY = ['email', 'settings'] as const;
const PREFERENCES_KEY = ['email', 'preferences'] as const;

export function useEmailSettings(enabled = true) {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api<EmailSettingsDto>('/email/settings'),
    enabled,
  });
}

export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailSettingsInput) =>
      api<EmailSettingsDto & Notice>('/email/settings', { method: 'PUT', json: input }),
    onSuccess: (result) => queryClient.setQueryData(SETTINGS_KEY, result),
  });
}

export function useSendTestEmail() {
  return useMutation({
    mutationFn: (to: string) =>
      api<TestEmailReply>('/email/test', { json: to ? { to } : {}, method: 'POST' }),
  });
}

export function useEmailPreferences(enabled = true) {
  return useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: () => api<EmailPreferencesDto>('/profile/email-preferences'),
    enabled,
  });
}

export function useSaveEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Record<string, boolean | null>) =>
      api<EmailPreferencesDto & Notice>('/profile/email-preferences', {
        method: 'PUT',
        json: { preferences: change },
      }),
    onSuccess: (result) => queryClient.setQueryData(PREFERENCES_KEY, result),
  });
}

export const passwordResetAvailable = () =>
  api<{ email_configured: boolean }>('/auth/password-reset');

export const askPasswordReset = (email: string) =>
  api<{ code: 'PASSWORD_RESET_SENT' | 'PASSWORD_RESET_ASK_STAFF' }>('/auth/password-reset', {
    method: 'POST',
    json: { email },
  });

export const confirmPasswordReset = (input: {
  token: string;
  newPassword: string;
  confirmPassword: string;
}) => api<Notice>('/auth/password-reset/confirm', { method: 'POST', json: input });
