// Account management: lists by role, create, delete.

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeacherClassListDto } from '#common/classes.ts';
import type { Role } from '#common/constants.ts';
import type { Notice } from '#common/notice.ts';
import type {
  CreatedParentDto,
  CreateParentBody,
  LinkedParentDto,
  ParentListDto,
} from '#common/parents.ts';
import type { ImportPreviewDto, ImportResultDto, ImportTableDto } from '#common/user-import.ts';
import type {
  CreatedUserDto,
  PersonOptionDto,
  UpdatedUserDto,
  UpdateUserBody,
  UserDto,
  UserListDto,
} from '#common/users.ts';
import { searchParams } from '#web/components/list-search.tsx';
import { SESSION_KEY } from '#web/features/auth/index.ts';
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

/** Corrects a person's details (docs/decisions/026); every list of accounts follows. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: UpdateUserBody }) =>
      api<UpdatedUserDto>(`/users/${userId}`, { method: 'PATCH', json: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey() }),
        // One's own details (the e-mail the admin corrected) show in the shell.
        queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
      ]),
  });
}

/** A teacher's active classes, asked before deleting the teacher (product.md, Deviations). */
export const teacherClassesKey = (userId: string) => ['users', 'active-classes', userId] as const;
export const useTeacherClasses = (userId: string | null) =>
  useQuery({
    queryKey: teacherClassesKey(userId ?? ''),
    queryFn: () =>
      api<TeacherClassListDto>(`/users/${userId}/active-classes`).then((reply) => reply.items),
    enabled: userId !== null,
  });

/** The active teachers who could take the classes over. */
export const useOtherTeachers = (enabled: boolean) =>
  useQuery({
    queryKey: ['classes', 'teacher-options'],
    queryFn: () =>
      api<{ items: PersonOptionDto[] }>('/classes/teacher-options').then((reply) => reply.items),
    enabled,
  });

/** Hands every active class of `userId` to `teacherId`; class lists follow. */
export function useHandOverClasses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, teacherId }: { userId: string; teacherId: string }) =>
      api<Notice>(`/users/${userId}/hand-over-classes`, { json: { teacher_id: teacherId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users', 'active-classes'] }),
        queryClient.invalidateQueries({ queryKey: ['classes'] }),
      ]),
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
  rows: {
    full_name: string;
    email: string;
    phone?: string;
    parent_name?: string;
    parent_email?: string;
    parent_phone?: string;
  }[];
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

// Parents (issue 29, docs/decisions/036-parents.md): a student's parents, added, linked, unlinked;
// the Parents page's list with each parent's children.
export const studentParentsKey = (studentId: string) => ['users', 'parents-of', studentId] as const;
export const useStudentParents = (studentId: string) =>
  useQuery({
    queryKey: studentParentsKey(studentId),
    queryFn: () =>
      api<{ items: LinkedParentDto[] }>(`/students/${studentId}/parents`).then(
        (reply) => reply.items,
      ),
  });
export function useParents(search: { page: number; q: string; sort: string }, enabled = true) {
  const params = searchParams(search, {});
  return useQuery({
    queryKey: usersKey('parent', `with-children:${params}`),
    queryFn: () => api<ParentListDto>(`/parents?${params}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}
export function useCreateParent(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateParentBody) =>
      api<CreatedParentDto>(`/students/${studentId}/parents`, { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey() }),
  });
}
export function useLinkParent(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parentId: string) =>
      api<Notice & { linked: boolean }>(`/students/${studentId}/parents/${parentId}`, {
        method: 'PUT',
        json: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey() }),
  });
}
export function useUnlinkParent(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parentId: string) =>
      api<Notice>(`/students/${studentId}/parents/${parentId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey() }),
  });
}
