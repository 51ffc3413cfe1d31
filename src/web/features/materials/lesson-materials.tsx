// A lesson's materials where the lesson is shown in its class's list (docs/decisions/038): the
// class's answer (useClassMaterials) filtered to the lesson, each opening the file or the link.
import { Anchor, Group, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { MaterialListDto } from '#common/materials.ts';
import { t } from '#web/i18n/index.ts';

export function LessonMaterials({
  scheduleId,
  materials,
}: {
  scheduleId: string;
  /** The class's answer; undefined while it loads (or for one who may not see it). */
  materials: MaterialListDto | undefined;
}) {
  const mine = materials?.items.filter((item) => item.schedule_id === scheduleId) ?? [];
  if (mine.length === 0) return null;
  return (
    <Group gap="xs" data-testid="lesson-materials">
      <IconPaperclip size={14} aria-hidden />
      <Text size="xs" c="dimmed">
        {t('materials.lessonMaterials')}:
      </Text>
      {mine.map((material) => (
        <Anchor
          key={material.material_id}
          href={material.open_url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          aria-label={t('materials.openLabel', { title: material.title })}
        >
          {material.title}
        </Anchor>
      ))}
    </Group>
  );
}
