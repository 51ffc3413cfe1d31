// Attendance marked by hand (docs/decisions/021): one student's mark and "all present". Both
// refresh everything under the 'attendance' key (the lesson's list, the class's grid, a student's
// own page) before they resolve, so a row shows the saved mark as soon as it says "saved".
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceStatusDto } from '#common/attendance.ts';
import type { Notice } from '#common/notice.ts';
import { api } from '#web/lib/api-client.ts';

const useRefreshAttendance = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['attendance'] });
};

/** A student's mark in the lesson; null takes a mark by hand back. */
export function useMarkAttendance(scheduleId: string, studentId: string) {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: (status: AttendanceStatusDto | null) =>
      api<Notice>(`/schedules/${scheduleId}/attendance/${studentId}`, {
        method: 'PUT',
        json: { status },
      }),
    onSuccess: refresh,
  });
}

/** Marks present every student of the lesson with no status yet (a repeat marks no one). */
export function useMarkAllPresent(scheduleId: string) {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: () =>
      api<Notice>(`/schedules/${scheduleId}/attendance/all-present`, { method: 'POST' }),
    onSuccess: refresh,
  });
}
