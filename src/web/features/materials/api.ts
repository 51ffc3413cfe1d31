// Materials' server state (docs/decisions/038-materials.md): a class's list (its lessons' included),
// the Library's pages, and attaching and deleting. One key root, so a change refreshes every list.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LibraryPageDto,
  MaterialDto,
  MaterialLinkInput,
  MaterialListDto,
} from '#common/materials.ts';
import type { Notice } from '#common/notice.ts';
import { api } from '#web/lib/api-client.ts';

export const materialKeys = {
  all: ['materials'] as const,
  ofClass: (classId: string) => ['materials', 'class', classId] as const,
  library: (params: string) => ['materials', 'library', params] as const,
};

export const useClassMaterials = (classId: string) =>
  useQuery({
    queryKey: materialKeys.ofClass(classId),
    queryFn: () => api<MaterialListDto>(`/classes/${classId}/materials`),
  });

export const useLibrary = (params: URLSearchParams) =>
  useQuery({
    queryKey: materialKeys.library(params.toString()),
    queryFn: () => api<LibraryPageDto>(`/library?${params}`),
    placeholderData: keepPreviousData,
  });

/** Where a material goes: the class, or one of its lessons. */
export interface MaterialPlace {
  classId: string;
  scheduleId: string | null;
}
const base = (place: MaterialPlace) =>
  place.scheduleId ? `/schedules/${place.scheduleId}` : `/classes/${place.classId}`;

type Added = Notice & { material: MaterialDto };

function useMaterialMutation<Input, Result>(call: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.all }),
  });
}

export const useUploadMaterial = () =>
  useMaterialMutation(
    (input: { place: MaterialPlace; file: File; title: string; description: string }) => {
      const form = new FormData();
      // The text fields before the file: the server reads them as the file starts.
      if (input.title.trim()) form.append('title', input.title.trim());
      if (input.description.trim()) form.append('description', input.description.trim());
      form.append('file', input.file, input.file.name);
      return api<Added>(`${base(input.place)}/materials`, {
        method: 'POST',
        form,
        timeoutMs: 10 * 60_000,
      });
    },
  );

export const useAddMaterialLink = () =>
  useMaterialMutation((input: { place: MaterialPlace; link: MaterialLinkInput }) =>
    api<Added>(`${base(input.place)}/material-links`, { method: 'POST', json: input.link }),
  );

export const useDeleteMaterial = () =>
  useMaterialMutation((materialId: string) =>
    api<Notice>(`/materials/${materialId}`, { method: 'DELETE' }),
  );
