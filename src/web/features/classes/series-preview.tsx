// A planned series' lessons, each with its time and whether it clashes (and with what).
import { Badge, Table } from '@mantine/core';
import type { SeriesPreviewDto } from '#common/lesson-series.ts';
import { PreviewTable } from '#web/components/preview-table.tsx';
import { type MessageKey, t } from '#web/i18n/index.ts';
import { formatDate, formatTime } from '#web/lib/dates.ts';

type PlannedLesson = SeriesPreviewDto['lessons'][number];

function clashText(lesson: PlannedLesson) {
  if (!lesson.clash) return t('series.ok');
  // A room clash also says when the room is taken (the other lesson's times).
  const time =
    lesson.clash_start && lesson.clash_end
      ? `${formatTime(lesson.clash_start)}–${formatTime(lesson.clash_end)}`
      : '';
  return t(`series.clash.${lesson.clash}` as MessageKey, {
    className: lesson.clash_with ?? '',
    time,
  });
}

export function SeriesPreview({ preview }: { preview: SeriesPreviewDto }) {
  return (
    <PreviewTable
      label={t('series.lessonsTable')}
      headers={[t('series.position'), t('lesson.topic'), t('series.when'), t('series.status')]}
      maxHeight={320}
    >
      {preview.lessons.map((lesson) => (
        <Table.Tr key={lesson.position} data-testid="series-preview-row">
          <Table.Td>{lesson.position}</Table.Td>
          <Table.Td>{lesson.topic ?? '—'}</Table.Td>
          <Table.Td>
            {formatTime(lesson.start_time)}–{formatTime(lesson.end_time)}{' '}
            {formatDate(lesson.start_time)}
          </Table.Td>
          <Table.Td>
            <Badge color={lesson.clash ? 'error' : 'success'} variant="light" tt="none">
              {clashText(lesson)}
            </Badge>
          </Table.Td>
        </Table.Tr>
      ))}
    </PreviewTable>
  );
}
