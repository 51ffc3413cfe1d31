// The audit log's server state (issue 30): the filtered list, a record's history, the retention.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditList } from '#common/audit.ts';
import type { Notice } from '#common/notice.ts';
import { api } from '#web/lib/api-client.ts';

export interface AuditSearch {
  person: string | null;
  recordType: string | null;
  from: string;
  to: string;
}

export const auditQuery = (search: AuditSearch) => {
  const params = new URLSearchParams();
  if (search.person) params.set('person', search.person);
  if (search.recordType) params.set('record_type', search.recordType);
  if (search.from) params.set('from', search.from);
  if (search.to) params.set('to', search.to);
  return params;
};

export const useAuditLog = (search: AuditSearch, page: number) => {
  const params = auditQuery(search);
  params.set('page', String(page));
  return useQuery({
    queryKey: ['audit', params.toString()],
    queryFn: () => api<AuditList>(`/audit?${params}`),
    placeholderData: keepPreviousData,
  });
};

export const useRecordHistory = (type: string, id: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: ['audit', 'record', type, id, page],
    queryFn: () => api<AuditList>(`/audit/records/${type}/${id}?page=${page}`),
    enabled,
  });

type Person = { user_id: string; full_name: string; email: string };
const ROLES = ['admin', 'staff', 'teacher', 'student', 'parent'] as const;

/** People whose name or e-mail matches `q`, of every role (the person filter). */
export const usePeopleMatching = (q: string) =>
  useQuery({
    queryKey: ['audit', 'people', q],
    queryFn: async () => {
      const lists = await Promise.all(
        ROLES.map((role) =>
          api<{ items: Person[] }>(`/users?role=${role}&q=${encodeURIComponent(q)}`),
        ),
      );
      return lists.flatMap((list) => list.items);
    },
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

export const useRetention = (enabled: boolean) =>
  useQuery({
    queryKey: ['audit', 'retention'],
    queryFn: () => api<{ days: number }>('/audit/retention'),
    enabled,
  });

export const useSaveRetention = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) =>
      api<{ days: number } & Notice>('/audit/retention', { method: 'PUT', json: { days } }),
    onSuccess: (result) => queryClient.setQueryData(['audit', 'retention'], { days: result.days }),
  });
};
