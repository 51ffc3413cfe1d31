// Lessons' recordings' server state (docs/decisions/034-recordings.md). Kept under the lessons'
// query key, so that the lessons' realtime refresh (a recording attached or deleted announces its
// lesson) refreshes these too.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '#common/notice.ts';
import type {
  ClassRecordingsDto,
  RecordingSettingsDto,
  RecordingSettingsInput,
} from '#common/recordings.ts';
import { api } from '#web/lib/api-client.ts';

export const recordingKeys = {
  ofClass: (classId: string) => ['schedules', 'recordings', classId] as const,
  settings: ['recording-settings'] as const,
};

export const useClassRecordings = (classId: string) =>
  useQuery({
    queryKey: recordingKeys.ofClass(classId),
    queryFn: () => api<ClassRecordingsDto>(`/classes/${classId}/recordings`),
  });

export const useRecordingSettings = (enabled: boolean) =>
  useQuery({
    queryKey: recordingKeys.settings,
    queryFn: () => api<RecordingSettingsDto>('/recording-settings'),
    enabled,
  });

export function useSaveRecordingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordingSettingsInput) =>
      api<Notice & { settings: RecordingSettingsDto }>('/recording-settings', {
        method: 'PUT',
        json: input,
      }),
    onSuccess: (reply) => queryClient.setQueryData(recordingKeys.settings, reply.settings),
  });
}
