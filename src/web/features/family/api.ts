// A parent's reads (issue 29): their children, and each child's lessons and dashboard. Keys start
// with what the app already refreshes ('dashboard', 'schedules'), so a lesson moved or started
// refreshes a parent's pages too.
import { useQuery } from '@tanstack/react-query';
import type { DashboardDto } from '#common/dashboard.ts';
import type { ChildLessonsDto, ChildListDto } from '#common/family.ts';
import { api } from '#web/lib/api-client.ts';

export const useChildren = () =>
  useQuery({
    queryKey: ['family', 'children'],
    queryFn: () => api<ChildListDto>('/family/children'),
  });

export const useChildDashboard = (studentId: string) =>
  useQuery({
    queryKey: ['dashboard', 'child', studentId],
    queryFn: () => api<DashboardDto>(`/dashboard?student_id=${studentId}`),
    refetchInterval: 60_000,
  });

export const useChildLessons = (studentId: string | null) =>
  useQuery({
    queryKey: ['schedules', 'child', studentId],
    queryFn: () => api<ChildLessonsDto>(`/family/children/${studentId}/lessons`),
    enabled: studentId !== null,
  });
