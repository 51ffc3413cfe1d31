// A student's attendance across their classes: their own (/attendance/me) or, for admin and staff,
// one student's (/users/:id/attendance). Under the 'attendance' key, so what refreshes attendance
// (a lesson ended, a correction) refreshes these too.
import { useQuery } from '@tanstack/react-query';
import type { StudentAttendanceDto } from '#common/attendance.ts';
import { api } from '#web/lib/api-client.ts';

export const useStudentAttendance = (studentId: 'me' | string) =>
  useQuery({
    queryKey: ['attendance', 'student', studentId] as const,
    queryFn: () =>
      api<StudentAttendanceDto>(
        studentId === 'me' ? '/attendance/me' : `/users/${studentId}/attendance`,
      ),
  });
