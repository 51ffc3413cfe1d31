import { useMutation, useQuery } from '@tanstack/react-query';
import type { DashboardDto } from '#common/dashboard.ts';
import type { MeetingLaunchDto } from '#common/meetings.ts';
import { api } from '#web/lib/api-client.ts';

export const useDashboard = () =>
  useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api<DashboardDto>('/dashboard'),
    refetchInterval: 60_000,
  });

export type MeetingLaunch = MeetingLaunchDto;

export const useStartLesson = () =>
  useMutation({
    mutationFn: (scheduleId: string) =>
      api<MeetingLaunch>(`/schedules/${scheduleId}/start`, { method: 'POST' }),
  });
export const useJoinLesson = () =>
  useMutation({
    mutationFn: (scheduleId: string) =>
      api<MeetingLaunch>(`/schedules/${scheduleId}/join`, { method: 'POST' }),
  });
