// Classes, enrolment and a class's lessons.
import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClassAttendanceDto,
  LessonAttendanceDto,
  MyAttendanceDto,
} from '#common/attendance.ts';
import type {
  ClassDto,
  ClassListDto,
  CreateClassInput,
  EnrolledStudentDto,
} from '#common/classes.ts';
import { CLASS_DETAILS_REFRESH_MS } from '#common/constants.ts';
import type {
  ChangeFollowingLessonsInput,
  CreateLessonSeriesRequest,
  LessonSeriesRequest,
  SeriesCreatedDto,
  SeriesPreviewDto,
} from '#common/lesson-series.ts';
import type {
  CancelLessonInput,
  CreateLessonInput,
  LessonDto,
  MoveLessonInput,
  SubstituteInput,
} from '#common/lessons.ts';
import type { Notice } from '#common/notice.ts';
import type { PersonOptionDto } from '#common/users.ts';
import { searchParams } from '#web/components/list-search.tsx';
import { t } from '#web/i18n/index.ts';
import { api } from '#web/lib/api-client.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import type { RealtimeRefresh } from '#web/lib/realtime.ts';

export const classKeys = {
  all: ['classes'] as const,
  list: (params: string) => ['classes', 'list', params] as const,
  one: (classId: string) => ['classes', 'one', classId] as const,
  students: (classId: string) => ['classes', 'students', classId] as const,
  studentOptions: (classId: string, q: string) =>
    ['classes', 'student-options', classId, q] as const,
  teacherOptions: ['classes', 'teacher-options'] as const,
};
export const lessonKeys = {
  all: ['schedules'] as const,
  ofClass: (classId: string) => ['schedules', 'class', classId] as const,
};

/** One page of classes between two dates, searched and sorted (list-search.tsx). */
export function useClasses(
  search: { page: number; q: string; sort: string },
  from: string,
  to: string,
) {
  const query = searchParams(search);
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return useQuery({
    queryKey: classKeys.list(query.toString()),
    queryFn: () => api<ClassListDto>(`/classes?${query}`),
    placeholderData: keepPreviousData,
  });
}

export const useClass = (classId: string | null) =>
  useQuery({
    queryKey: classKeys.one(classId ?? ''),
    queryFn: () => api<ClassDto>(`/classes/${classId}`),
    enabled: Boolean(classId),
  });

export const useTeacherOptions = (enabled: boolean) =>
  useQuery({
    queryKey: classKeys.teacherOptions,
    queryFn: () =>
      api<{ items: PersonOptionDto[] }>('/classes/teacher-options').then((r) => r.items),
    enabled,
  });

export const useClassStudents = (classId: string, enabled: boolean) =>
  useQuery({
    queryKey: classKeys.students(classId),
    queryFn: () =>
      api<{ items: EnrolledStudentDto[] }>(`/classes/${classId}/students`).then((r) => r.items),
    enabled,
  });

export const useStudentOptions = (classId: string, q: string, enabled: boolean) =>
  useQuery({
    queryKey: classKeys.studentOptions(classId, q),
    queryFn: () =>
      api<{ items: PersonOptionDto[] }>(
        `/classes/${classId}/student-options?q=${encodeURIComponent(q)}`,
      ).then((r) => r.items),
    enabled,
    placeholderData: keepPreviousData,
  });

/** A class's lessons, refreshed every 60 s while the dialog is open (product.md §9). */
export const useClassLessons = (classId: string) =>
  useQuery({
    queryKey: lessonKeys.ofClass(classId),
    queryFn: () =>
      api<{ items: LessonDto[] }>(`/classes/${classId}/schedules`).then((r) => r.items),
    refetchInterval: CLASS_DETAILS_REFRESH_MS,
  });

export function useInvalidatingMutation<TInput, TResult>(
  request: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
      void queryClient.invalidateQueries({ queryKey: lessonKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export const useCreateClass = () =>
  useInvalidatingMutation((input: CreateClassInput) => api<ClassDto>('/classes', { json: input }));
export const useUpdateClass = () =>
  useInvalidatingMutation(({ classId, input }: { classId: string; input: CreateClassInput }) =>
    api<ClassDto>(`/classes/${classId}`, { method: 'PUT', json: input }),
  );
export const useDeleteClass = () =>
  useInvalidatingMutation((classId: string) => api(`/classes/${classId}`, { method: 'DELETE' }));
export const useEnrol = () =>
  useInvalidatingMutation(({ classId, studentIds }: { classId: string; studentIds: string[] }) =>
    api<{ added: number } & Notice>(`/classes/${classId}/students`, {
      json: { student_ids: studentIds },
    }),
  );
export const useRemoveStudent = () =>
  useInvalidatingMutation(({ classId, studentId }: { classId: string; studentId: string }) =>
    api<Notice>(`/classes/${classId}/students/${studentId}`, { method: 'DELETE' }),
  );
export const useCreateLesson = () =>
  useInvalidatingMutation(({ classId, input }: { classId: string; input: CreateLessonInput }) =>
    api<LessonDto>(`/classes/${classId}/schedules`, { json: input }),
  );
/** What a series would create, clashes marked; nothing is written. */
export const usePreviewSeries = () =>
  useMutation({
    mutationFn: ({ classId, input }: { classId: string; input: LessonSeriesRequest }) =>
      api<SeriesPreviewDto>(`/classes/${classId}/schedule-series/preview`, { json: input }),
  });
/** Creates a series; the key is chosen once per confirmed preview, so a retry creates it once. */
export const useCreateSeries = () =>
  useInvalidatingMutation(
    ({ classId, input, key }: { classId: string; input: CreateLessonSeriesRequest; key: string }) =>
      api<SeriesCreatedDto>(`/classes/${classId}/schedule-series`, {
        json: input,
        idempotencyKey: key,
      }),
  );
export const useChangeFollowing = () =>
  useInvalidatingMutation(
    ({ scheduleId, input }: { scheduleId: string; input: ChangeFollowingLessonsInput }) =>
      api<{ count: number } & Notice>(`/schedules/${scheduleId}/following`, {
        method: 'PATCH',
        json: input,
      }),
  );
export const useDeleteFollowing = () =>
  useInvalidatingMutation((scheduleId: string) =>
    api<{ count: number } & Notice>(`/schedules/${scheduleId}/following`, {
      method: 'DELETE',
    }),
  );

/**
 * Ends a running lesson: its meeting closes, the lesson is completed, its account freed.
 * The outcome is told here, not by the button: the lesson's change reaches the page by the event
 * stream, often before this reply, and the button (shown only while the lesson runs) is gone by
 * then, and with it any callback given to `mutate`.
 */
export function useEndLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scheduleId: string) =>
      api<Notice>(`/schedules/${scheduleId}/end`, { method: 'POST' }),
    onSuccess: (result) => {
      notifySuccess(noticeText(result));
      void queryClient.invalidateQueries({ queryKey: lessonKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
    onError: (error) => notifyError(errorText(error), t('lesson.endFailed')),
  });
}
export const useUpdateLessonTopic = () =>
  useInvalidatingMutation(({ scheduleId, topic }: { scheduleId: string; topic: string }) =>
    api<LessonDto>(`/schedules/${scheduleId}`, { method: 'PATCH', json: { topic } }),
  );
/** One pending lesson moved or cancelled; the key is chosen once per dialog, so a retry does it once. */
export const useMoveLesson = () =>
  useInvalidatingMutation(
    ({ scheduleId, input, key }: { scheduleId: string; input: MoveLessonInput; key: string }) =>
      api<LessonDto>(`/schedules/${scheduleId}/move`, { json: input, idempotencyKey: key }),
  );
export const useCancelLesson = () =>
  useInvalidatingMutation(
    ({ scheduleId, input, key }: { scheduleId: string; input: CancelLessonInput; key: string }) =>
      api<LessonDto>(`/schedules/${scheduleId}/cancel`, { json: input, idempotencyKey: key }),
  );
/** Gives the lesson (or it and the following ones) to a substitute, or back (teacher_id null). */
export const useGiveToSubstitute = () =>
  useInvalidatingMutation(
    ({ scheduleId, input, key }: { scheduleId: string; input: SubstituteInput; key: string }) =>
      api<LessonDto>(`/schedules/${scheduleId}/substitute`, {
        method: 'PUT',
        json: input,
        idempotencyKey: key,
      }),
  );
export const useDeleteLesson = () =>
  useInvalidatingMutation((scheduleId: string) =>
    api<Notice>(`/schedules/${scheduleId}`, { method: 'DELETE' }),
  );

/** Live: classes and lessons (their lists, dialogs, the Schedules page and the dashboard). */
const refreshClassesAndLessons = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: classKeys.all });
  void queryClient.invalidateQueries({ queryKey: lessonKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  // Attendance changes with its lessons (a lesson ended, a correction made).
  void queryClient.invalidateQueries({ queryKey: ['attendance'] });
};
export const classesRealtime: RealtimeRefresh = {
  'classes.changed': refreshClassesAndLessons,
  'schedules.changed': refreshClassesAndLessons,
};

// Attendance (the class's teacher, admin and staff; a student their own).
export const attendanceKeys = {
  ofClass: (classId: string) => ['attendance', 'class', classId] as const,
  ofLesson: (scheduleId: string) => ['attendance', 'lesson', scheduleId] as const,
  mine: ['attendance', 'me'] as const,
};
export const useClassAttendance = (classId: string) =>
  useQuery({
    queryKey: attendanceKeys.ofClass(classId),
    queryFn: () => api<ClassAttendanceDto>(`/classes/${classId}/attendance`),
  });
export const useLessonAttendance = (scheduleId: string | null) =>
  useQuery({
    queryKey: attendanceKeys.ofLesson(scheduleId ?? ''),
    queryFn: () => api<LessonAttendanceDto>(`/schedules/${scheduleId}/attendance`),
    enabled: Boolean(scheduleId),
  });
export const useMyAttendance = () =>
  useQuery({
    queryKey: attendanceKeys.mine,
    queryFn: () => api<MyAttendanceDto>('/attendance/me'),
  });
