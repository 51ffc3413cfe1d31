// A class's student and lesson counts, as badges: on the class card and in the class dialog.
import { Badge, Group } from '@mantine/core';
import type { ClassDto } from '#common/classes.ts';
import { t } from '#web/i18n/index.ts';

export function ClassCounts({ klass }: { klass: ClassDto }) {
  return (
    <Group gap="xs">
      <Badge variant="outline" tt="none">
        {t('classes.students', { count: klass.student_count })}
      </Badge>
      <Badge variant="outline" tt="none">
        {t('classes.lessons', { count: klass.schedule_count })}
      </Badge>
    </Group>
  );
}
