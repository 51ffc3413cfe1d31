// Lessons' recordings' server state (docs/decisions/034-recordings.md). Kept under the lessons'
// query key, so that the lessons' realtime refresh (a recording attached or deleted announces its
// lesson) refreshes these too.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '#common/notice.ts';
import { takesPartInMeetings } from '#common/permissions.ts';
import type {
  ClassRecordingsDto,
  RecordingSettingsDto,
  RecordingSettingsInput,
} from '#common/recordings.ts';
import { useSession } from '#web/features/auth/index.ts';
import { api } from '#web/lib/api-client.ts';

export const recordingKeys = {
  ofClass: (classId: string) => ['schedules', 'recordings', classId] as const,
  settings: ['recording-settings'] as const,
};

/**
 * The recordings of a class's lessons, for whoever takes part in its lessons; a parent follows the
 * lessons but watches no recording (the server refuses them), so nothing is asked for them.
 */
export const useClassRecordings = (classId: string) => {
  const role = useSession().data?.user.role;
  return useQuery({
    queryKey: recordingKeys.ofClass(classId),
    queryFn: () => api<ClassRecordingsDto>(`/classes/${classId}/recordings`),
    enabled: role !== undefined && takesPartInMeetings(role),
  });
};

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
