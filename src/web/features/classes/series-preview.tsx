// A planned series' lessons, each with its time and whether it clashes (and with what) or falls
// on a closed day (left out unless ticked back in with 'Vẫn học').
import { Badge, Checkbox, Group, Table } from '@mantine/core';
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

function Status({
  lesson,
  onKeepClosed,
  busy,
}: {
  lesson: PlannedLesson;
  onKeepClosed?: (date: string, keep: boolean) => void;
  busy: boolean;
}) {
  const closed = lesson.closed_day;
  const clashBadge = (
    <Badge color={lesson.clash ? 'error' : 'success'} variant="light" tt="none">
      {clashText(lesson)}
    </Badge>
  );
  if (!closed) return clashBadge;
  return (
    <Group gap={6} wrap="wrap">
      <Badge
        color="warning"
        variant="light"
        tt="none"
        data-testid="series-closed-day"
        // A day's name is read whole, on a phone too: the badge wraps instead of cutting it.
        styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal' } }}
      >
        {t('series.closedDay', { name: closed.name })}
      </Badge>
      {closed.included && clashBadge}
      {onKeepClosed && (
        <Checkbox
          size="xs"
          label={t('series.keepOnClosedDay')}
          aria-label={t('series.keepOnClosedDayNamed', {
            date: formatDate(lesson.start_time),
            name: closed.name,
          })}
          checked={closed.included}
          disabled={busy}
          onChange={(event) => onKeepClosed(closed.date, event.currentTarget.checked)}
        />
      )}
    </Group>
  );
}

export function SeriesPreview({
  preview,
  onKeepClosed,
  busy = false,
}: {
  preview: SeriesPreviewDto;
  /** Ticks a lesson on a closed day back in (or leaves it out again). */
  onKeepClosed?: (date: string, keep: boolean) => void;
  busy?: boolean;
}) {
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
            <Status lesson={lesson} onKeepClosed={onKeepClosed} busy={busy} />
          </Table.Td>
        </Table.Tr>
      ))}
    </PreviewTable>
  );
}
