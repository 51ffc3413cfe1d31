// The pickers of the date, time and date-time fields (date-fields.tsx): the calendar, the
// calendar with its time and the time boxes, in the fields' dropdowns. Apart from the fields,
// loaded when a field is first focused or its dropdown opened, so a page with a date filter does
// not download them with its first load (issue 31 point 4).
import { ActionIcon, CheckIcon, Group } from '@mantine/core';
import { Calendar, InlineDateTimePicker, TimePicker, type TimePickerProps } from '@mantine/dates';
import { language, t } from '#web/i18n/index.ts';
import { DATE_FORMAT, dayjs, nextFullHour } from '#web/lib/dates.ts';
import { type PickerControls, STOP_ESCAPE } from './picker-field.tsx';

const WALL_TIME = 'YYYY-MM-DD HH:mm';

/** What the calendar says and how it names its days (as they are typed: dd/mm/yyyy). */
const calendarTexts = () => ({
  locale: language,
  getDayAriaLabel: (day: string) => dayjs(day).format(DATE_FORMAT),
  previousLabel: t('dates.previousMonth'),
  nextLabel: t('dates.nextMonth'),
});

/** The hour and minute boxes of a time picker, each handling its own Escape. */
const timeBoxes = (): Partial<TimePickerProps> => ({
  format: '24h',
  hoursInputLabel: t('dates.hours'),
  minutesInputLabel: t('dates.minutes'),
  hoursInputProps: STOP_ESCAPE,
  minutesInputProps: STOP_ESCAPE,
});

/** The days a calendar offers ('YYYY-MM-DD'); typed dates are left to the form's checks. */
export interface DayRange {
  minDate?: string;
  maxDate?: string;
}

/** A calendar: picking a day closes the dropdown. */
export function DayPicker({
  value,
  choose,
  done,
  month,
  setMonth,
  minDate,
  maxDate,
}: PickerControls & DayRange) {
  return (
    <Calendar
      {...calendarTexts()}
      minDate={minDate}
      maxDate={maxDate}
      __preventFocus
      date={month}
      onDateChange={setMonth}
      getDayProps={(day) => ({
        selected: day === value,
        onClick: () => {
          choose(day);
          done();
        },
      })}
    />
  );
}

/** A calendar with the time: picking a day keeps the time, which its button or Enter confirms. */
export function DayAndTimePicker({
  value,
  choose,
  done,
  month,
  setMonth,
  minDate,
  maxDate,
  defaultTime,
}: PickerControls & DayRange & { defaultTime?: string }) {
  return (
    <InlineDateTimePicker
      {...calendarTexts()}
      fullWidth={false}
      minDate={minDate}
      maxDate={maxDate}
      value={value ? `${value}:00` : null}
      onChange={(next) => {
        if (next) choose(dayjs(next).format(WALL_TIME));
      }}
      defaultTimeValue={value ? undefined : (defaultTime ?? nextFullHour())}
      date={month}
      onDateChange={setMonth}
      timePickerProps={timeBoxes()}
      submitButtonProps={{ 'aria-label': t('dates.confirmTime') }}
      onSubmit={done}
      __onEnter={done}
      __stopPropagation
    />
  );
}

/** The hour and minute boxes and the button that confirms them. */
export function TimeOfDayPicker({ value, choose, done }: PickerControls) {
  return (
    <Group gap="xs" wrap="nowrap">
      <TimePicker
        {...timeBoxes()}
        value={value}
        onChange={(next) => {
          if (next) choose(next.slice(0, 5));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            done();
          }
        }}
      />
      <ActionIcon
        variant="default"
        size="input-sm"
        aria-label={t('dates.confirmTime')}
        onClick={done}
        {...STOP_ESCAPE}
      >
        <CheckIcon size="30%" />
      </ActionIcon>
    </Group>
  );
}
