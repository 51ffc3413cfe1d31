// A list of materials as cards (they fit a phone): the kind's icon, the title (opening the file or
// the link in a new tab), where it belongs, its size, and the bin for whoever may delete it.
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconFile,
  IconFileMusic,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconLink,
  IconPhoto,
  IconPresentation,
} from '@tabler/icons-react';
import type { MaterialDto } from '#common/materials.ts';
import { confirmDeletion } from '#web/components/confirm.tsx';
import { DeleteIconButton } from '#web/components/delete-icon-button.tsx';
import { t } from '#web/i18n/index.ts';
import { formatDate, formatDateTime } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useDeleteMaterial } from './api.ts';

function KindIcon({ material }: { material: MaterialDto }) {
  const type = material.content_type ?? '';
  const props = { size: 22, 'aria-hidden': true } as const;
  if (material.kind === 'link') return <IconLink {...props} />;
  if (type === 'application/pdf') return <IconFileTypePdf {...props} />;
  if (type.startsWith('image/')) return <IconPhoto {...props} />;
  if (type.startsWith('audio/')) return <IconFileMusic {...props} />;
  if (/sheet|excel/.test(type)) return <IconFileSpreadsheet {...props} />;
  if (/presentation|powerpoint/.test(type)) return <IconPresentation {...props} />;
  if (/word/.test(type)) return <IconFileText {...props} />;
  return <IconFile {...props} />;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

export function MaterialCard({
  material,
  showClass = false,
}: {
  material: MaterialDto;
  /** In the Library: which class it belongs to. */
  showClass?: boolean;
}) {
  const remove = useDeleteMaterial();
  const askDelete = () =>
    confirmDeletion(
      t('materials.deleteTitle'),
      t('materials.deleteMessage', { title: material.title }),
      () =>
        remove.mutate(material.material_id, {
          onSuccess: (notice) => notifySuccess(noticeText(notice)),
          onError: (error) => notifyError(errorText(error)),
        }),
    );
  return (
    <Paper withBorder p="sm" radius="md" data-testid="material-item">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <KindIcon material={material} />
          <Stack gap={2} miw={0}>
            <Anchor
              href={material.open_url}
              target="_blank"
              rel="noopener noreferrer"
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
              aria-label={t('materials.openLabel', { title: material.title })}
            >
              {material.title}
            </Anchor>
            {material.description && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {material.description}
              </Text>
            )}
            <Group gap={6}>
              {showClass && (
                <Badge variant="light" tt="none">
                  {material.class_name}
                </Badge>
              )}
              {material.lesson_topic && (
                <Badge variant="outline" color="gray" tt="none">
                  {t('materials.lesson', { topic: material.lesson_topic })}
                  {material.lesson_start_time ? ` · ${formatDate(material.lesson_start_time)}` : ''}
                </Badge>
              )}
              {material.kind === 'link' ? (
                <Text size="xs" c="dimmed">
                  {t('materials.kind.link')}
                </Text>
              ) : (
                material.size !== null && (
                  <Text size="xs" c="dimmed">
                    {formatSize(material.size)}
                  </Text>
                )
              )}
              <Text size="xs" c="dimmed">
                {formatDateTime(material.created_at)}
              </Text>
              {material.created_by_name && (
                <Text size="xs" c="dimmed">
                  {t('materials.addedBy', { name: material.created_by_name })}
                </Text>
              )}
            </Group>
          </Stack>
        </Group>
        {material.can_delete && (
          <DeleteIconButton
            label={t('materials.delete', { title: material.title })}
            onClick={askDelete}
            loading={remove.isPending}
          />
        )}
      </Group>
    </Paper>
  );
}

export function MaterialList({
  materials,
  showClass = false,
  empty,
}: {
  materials: MaterialDto[];
  showClass?: boolean;
  empty: string;
}) {
  if (materials.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="xs">
      {materials.map((material) => (
        <MaterialCard key={material.material_id} material={material} showClass={showClass} />
      ))}
    </Stack>
  );
}
