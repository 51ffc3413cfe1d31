// Above the Schedules page's lessons: list or week, which days (a week with previous, today and
// next; a range of days; or every day), and for admin and staff the class, teacher and room pickers,
// which match without accents as every picker does.
import { ActionIcon, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { DateField } from '#web/components/date-fields.tsx';
import { SearchableSelect } from '#web/components/searchable-select.tsx';
import { useRooms } from '#web/features/rooms/index.ts';
import { t } from '#web/i18n/index.ts';
import { useClassChoices, useTeacherChoices } from './api.ts';
import {
  PERIODS,
  type Period,
  type SchedulesPageState,
  type ScheduleView,
  VIEWS,
} from './page-state.ts';
import { addDays, mondayOf, today, weekLabel } from './week-dates.ts';

type Update = (change: Partial<SchedulesPageState>) => void;

export function ScheduleToolbar({
  state,
  update,
  managesCenter,
}: {
  state: SchedulesPageState;
  update: Update;
  /** Admin and staff: the center's lessons, with the class and teacher pickers. */
  managesCenter: boolean;
}) {
  const byWeek = state.view === 'week' || state.period === 'week';
  const chooseView = (value: string) => {
    const view = value as ScheduleView;
    // The week view shows a week: the range's first one, when the list showed a range.
    const week =
      view === 'week' && state.period === 'range' && state.from ? state.from : state.week;
    update({ view, week: mondayOf(week) });
  };
  const choosePeriod = (value: string | null) => {
    const period = (value ?? 'week') as Period;
    // A range starts as the week being shown, for the user to widen.
    if (period === 'range' && !state.from && !state.to) {
      update({ period, from: state.week, to: addDays(state.week, 6) });
    } else update({ period });
  };
  return (
    <Stack gap="sm" mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('schedules.view.label')}
          value={state.view}
          onChange={chooseView}
          data={VIEWS.map((value) => ({ value, label: t(`schedules.view.${value}`) }))}
        />
        {state.view === 'list' && (
          <Select
            w={{ base: 170, xs: 180 }}
            label={t('schedules.period.label')}
            data={PERIODS.map((value) => ({ value, label: t(`schedules.period.${value}`) }))}
            value={state.period}
            onChange={choosePeriod}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {byWeek && <WeekSwitcher week={state.week} update={update} />}
        {!byWeek && state.period === 'range' && (
          <>
            <DateField
              w={{ base: 'calc(50% - 6px)', xs: 160 }}
              label={t('schedules.from')}
              value={state.from}
              onChange={(from) => update({ from })}
              clearable
            />
            <DateField
              w={{ base: 'calc(50% - 6px)', xs: 160 }}
              label={t('schedules.to')}
              value={state.to}
              onChange={(to) => update({ to })}
              clearable
            />
          </>
        )}
      </Group>
      {managesCenter && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <CenterFilters state={state} update={update} />
        </Group>
      )}
    </Stack>
  );
}

function WeekSwitcher({ week, update }: { week: string; update: Update }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('schedules.week.previous')}
        onClick={() => update({ week: addDays(week, -7) })}
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <Button variant="default" onClick={() => update({ week: mondayOf(today()) })}>
        {t('schedules.week.today')}
      </Button>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('schedules.week.next')}
        onClick={() => update({ week: addDays(week, 7) })}
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
      <Text fw={600} size="sm" aria-live="polite" data-testid="shown-week">
        {weekLabel(week)}
      </Text>
    </Group>
  );
}

function CenterFilters({ state, update }: { state: SchedulesPageState; update: Update }) {
  const classChoices = useClassChoices(true);
  const teacherChoices = useTeacherChoices(true);
  const rooms = useRooms();
  const roomChoices = (rooms.data ?? []).map((room) => ({ value: room.room_id, label: room.name }));
  return (
    <>
      <SearchableSelect
        w={{ base: 'calc(50% - 6px)', xs: 220 }}
        label={t('schedules.class')}
        placeholder={t('schedules.anyClass')}
        data={classChoices.data ?? []}
        value={state.classId || null}
        onChange={(classId) => update({ classId: classId ?? '' })}
      />
      <SearchableSelect
        w={{ base: 'calc(50% - 6px)', xs: 220 }}
        label={t('schedules.teacher')}
        placeholder={t('schedules.anyTeacher')}
        data={teacherChoices.data ?? []}
        value={state.teacherId || null}
        onChange={(teacherId) => update({ teacherId: teacherId ?? '' })}
      />
      <SearchableSelect
        w={{ base: 'calc(50% - 6px)', xs: 180 }}
        label={t('schedules.room')}
        placeholder={t('schedules.anyRoom')}
        data={roomChoices}
        value={state.roomId || null}
        onChange={(roomId) => update({ roomId: roomId ?? '' })}
      />
    </>
  );
}
