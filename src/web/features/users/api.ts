// Account management: lists by role, create, delete.

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#common/constants.ts';
import type { Notice } from '#common/notice.ts';
import type { ImportPreviewDto, ImportResultDto, ImportTableDto } from '#common/user-import.ts';
import type { CreatedUserDto, UserDto, UserListDto } from '#common/users.ts';
import { searchParams } from '#web/components/list-search.tsx';
import { api } from '#web/lib/api-client.ts';
import type { RealtimeRefresh } from '#web/lib/realtime.ts';

export const usersKey = (role?: Role, list?: string) =>
  ['users', ...(role ? [role] : []), ...(list ? [list] : [])] as const;

/** One page of the accounts of a role, searched and sorted (list-search.tsx). */
export function useUsers(role: Role, search: { page: number; q: string; sort: string }) {
  const params = searchParams(search, { role });
  return useQuery({
    queryKey: usersKey(role, params.toString()),
    queryFn: () => api<UserListDto>(`/users?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { full_name: string; email: string; role: Role }) =>
      api<CreatedUserDto>('/users', { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey() }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserDto) => api(`/users/${user.user_id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey() }),
  });
}

/** A new first password for an account, shown once (admin: any; staff: teacher and student). */
export function useIssueFirstPassword() {
  return useMutation({
    mutationFn: (user: UserDto) =>
      api<{ password: string } & Notice>(`/users/${user.user_id}/first-password`, {
        method: 'POST',
      }),
  });
}

/** Live: accounts created or deleted elsewhere. */
export const usersRealtime: RealtimeRefresh = {
  'users.changed': (queryClient) => void queryClient.invalidateQueries({ queryKey: usersKey() }),
};

// Bulk import: read a file into a table, preview the mapped rows, import them.
type ImportBody = {
  role: 'student' | 'teacher' | 'staff';
  rows: { full_name: string; email: string }[];
  class_id?: string | null;
};
export const useReadImportFile = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<ImportTableDto>('/users/import/read', { form, timeoutMs: 120_000 });
    },
  });
export const usePreviewImport = () =>
  useMutation({
    mutationFn: (body: ImportBody) =>
      api<ImportPreviewDto>('/users/import/preview', { json: body, timeoutMs: 120_000 }),
  });
export function useImportAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: ImportBody; key: string }) =>
      api<ImportResultDto>('/users/import', {
        json: body,
        idempotencyKey: key,
        timeoutMs: 180_000,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey() }),
  });
}
export const useClassOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['classes', 'options'],
    queryFn: () =>
      api<{ items: { class_id: string; class_name: string }[] }>('/classes/options').then(
        (reply) => reply.items,
      ),
    enabled,
  });
