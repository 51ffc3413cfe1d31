// One student in the marking view (docs/decisions/021): four large choices, saved as soon as one is
// picked, the row saying whether it is saving, saved or not saved. A failed save keeps the choice
// on screen with a way to try again; choices picked while one is saving are sent one after the
// other, the last one last, so the mark that stays is the one picked last.
import {
  ActionIcon,
  Badge,
  Button,
  Flex,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { AttendanceEntryDto } from '#common/attendance.ts';
import { ATTENDANCE_STATUSES, type AttendanceStatusDto } from '#common/attendance-rules.ts';
import { type MessageKey, t } from '#web/i18n/index.ts';
import { formatTime } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { STATUS_COLOR, StudentName } from './attendance-marks.tsx';
import { useMarkAttendance } from './mark-attendance-api.ts';

/** A status, or null: the mark by hand taken back. */
type Choice = AttendanceStatusDto | null;
type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

function useRowSave(scheduleId: string, studentId: string) {
  const mark = useMarkAttendance(scheduleId, studentId);
  /** The choice not yet saved (undefined: none; the server's mark shows). */
  const [wanted, setWanted] = useState<Choice | undefined>(undefined);
  const [state, setState] = useState<SaveState>('idle');
  const [failure, setFailure] = useState<unknown>(null);
  const busy = useRef(false);
  const queued = useRef<{ choice: Choice } | null>(null);

  const save = async (choice: Choice) => {
    setWanted(choice);
    if (busy.current) {
      queued.current = { choice };
      return;
    }
    busy.current = true;
    setState('saving');
    let next: { choice: Choice } | null = { choice };
    try {
      while (next) {
        queued.current = null;
        await mark.mutateAsync(next.choice);
        next = queued.current;
      }
      setState('saved');
      setWanted(undefined);
    } catch (error) {
      // The choice stays on screen (wanted), and "try again" sends it.
      queued.current = null;
      setFailure(error);
      setState('failed');
    } finally {
      busy.current = false;
    }
  };
  return { wanted, state, failure, save };
}

function SaveStatus({
  state,
  failure,
  onRetry,
}: {
  state: SaveState;
  failure: unknown;
  onRetry: () => void;
}) {
  if (state === 'failed') {
    return (
      <Group gap={4} wrap="wrap">
        <Text size="xs" c="error.8">
          {t('attendance.saveFailed', { reason: errorText(failure) })}
        </Text>
        <Button variant="subtle" size="compact-xs" onClick={onRetry}>
          {t('attendance.retry')}
        </Button>
      </Group>
    );
  }
  if (state === 'idle') return null;
  return (
    <Text size="xs" c={state === 'saved' ? 'success.8' : 'dimmed'}>
      {t(state === 'saved' ? 'attendance.saved' : 'attendance.saving')}
    </Text>
  );
}

/** What the video provider reported for the student, when it reported anything. */
function Reported({ student }: { student: AttendanceEntryDto }) {
  if (!student.reported_status) return null;
  const status = t(`attendance.status.${student.reported_status}` as MessageKey);
  const parts = [
    t('attendance.reported', { status }),
    t('attendance.minutesValue', { minutes: student.minutes }),
  ];
  if (student.first_join && student.last_leave) {
    parts.push(
      t('attendance.stay', {
        from: formatTime(student.first_join),
        to: formatTime(student.last_leave),
      }),
    );
  }
  return (
    <Text size="xs" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}

export function MarkingRow({
  scheduleId,
  student,
  markable,
}: {
  scheduleId: string;
  student: AttendanceEntryDto;
  markable: boolean;
}) {
  const { wanted, state, failure, save } = useRowSave(scheduleId, student.student_id);
  // While a choice is unsaved it shows; taking a mark back shows what was reported.
  const shown = wanted === undefined ? student.status : (wanted ?? student.reported_status);
  const name = student.full_name;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="marking-row">
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'center' }}
        gap="xs"
      >
        <Stack gap={4} miw={0}>
          <Group gap={6} wrap="nowrap">
            <StudentName name={name} leftAt={student.left_at} />
            {student.visitor && (
              <Tooltip label={t('makeups.visitorHint')}>
                <Badge color="grape" variant="light" tt="none" size="sm">
                  {t('makeups.visitor')}
                </Badge>
              </Tooltip>
            )}
          </Group>
          <Reported student={student} />
          {student.by_hand && wanted === undefined && (
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="primary" fw={500}>
                {t('attendance.byHand', { name: student.marked_by ?? '—' })}
              </Text>
              {markable && (
                <Tooltip label={t('attendance.unmark', { name })}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t('attendance.unmark', { name })}
                    onClick={() => void save(null)}
                  >
                    <IconArrowBackUp size={14} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        </Stack>
        <SegmentedControl
          aria-label={t('attendance.markOf', { name })}
          size="md"
          fullWidth
          miw={{ sm: 340 }}
          // The darker shade: white on it is readable (axe's contrast rule).
          color={shown ? `${STATUS_COLOR[shown]}.7` : undefined}
          // Four choices side by side on a 390 px phone: the height stays large, the sides narrow.
          styles={{ label: { paddingInline: 4 } }}
          disabled={!markable}
          value={shown ?? ''}
          onChange={(value) => void save(value as AttendanceStatusDto)}
          data={ATTENDANCE_STATUSES.map((value) => ({
            value,
            label: t(`attendance.choice.${value}` as MessageKey),
          }))}
        />
      </Flex>
      <SaveStatus
        state={state}
        failure={failure}
        onRetry={() => wanted !== undefined && void save(wanted)}
      />
    </Paper>
  );
}
