// Lesson reports' server state (docs/decisions/037-lesson-reports.md). Kept under the lessons'
// query key, so that the lessons' realtime refresh (a report written announces its lesson)
// refreshes these too.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LessonReportDto,
  LessonReportListDto,
  LessonReportListQuery,
  SaveLessonReportInput,
} from '#common/lesson-reports.ts';
import type { Notice } from '#common/notice.ts';
import type { PersonOptionDto } from '#common/users.ts';
import { api } from '#web/lib/api-client.ts';

export const lessonReportKeys = {
  all: ['schedules', 'lesson-reports'] as const,
  one: (scheduleId: string) => ['schedules', 'lesson-reports', 'one', scheduleId] as const,
  list: (query: LessonReportListQuery) => ['schedules', 'lesson-reports', 'list', query] as const,
};

export const useLessonReport = (scheduleId: string, enabled: boolean) =>
  useQuery({
    queryKey: lessonReportKeys.one(scheduleId),
    queryFn: () => api<LessonReportDto>(`/schedules/${scheduleId}/report`),
    enabled,
  });

export function useSaveLessonReport(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveLessonReportInput) =>
      api<LessonReportDto & Notice>(`/schedules/${scheduleId}/report`, {
        method: 'PUT',
        json: input,
      }),
    onSuccess: (reply) => {
      queryClient.setQueryData(lessonReportKeys.one(scheduleId), reply);
      void queryClient.invalidateQueries({ queryKey: lessonReportKeys.all });
    },
  });
}

const queryString = (query: LessonReportListQuery) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
};

export const useLessonReports = (query: LessonReportListQuery) =>
  useQuery({
    queryKey: lessonReportKeys.list(query),
    queryFn: () => api<LessonReportListDto>(`/lesson-reports?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const useClassChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['schedules', 'lesson-reports', 'class-choices'],
    queryFn: () =>
      api<{ items: { class_id: string; class_name: string }[] }>('/classes/options').then((reply) =>
        reply.items.map((item) => ({ value: item.class_id, label: item.class_name })),
      ),
    enabled,
  });

export const useTeacherChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['schedules', 'lesson-reports', 'teacher-choices'],
    queryFn: () =>
      api<{ items: PersonOptionDto[] }>('/classes/teacher-options').then((reply) =>
        reply.items.map((item) => ({ value: item.user_id, label: item.full_name })),
      ),
    enabled,
  });
