// Date, time and date-time fields that show and take them the Vietnamese way (dd/mm/yyyy, 24-hour
// times), whatever the browser's locale (native inputs showed mm/dd/yyyy and AM/PM in an English
// browser). Typing works ('25/12/2026 19:30', see parseTyped* in dates.ts), and so do the pickers:
// picking a day keeps the time already chosen (the next full hour when there is none, never a
// silent 00:00) and leaves the dropdown open for the time, which its button or Enter confirms.
import '@mantine/dates/styles.css';
import { ActionIcon, CheckIcon, Group } from '@mantine/core';
import { Calendar, InlineDateTimePicker, TimePicker, type TimePickerProps } from '@mantine/dates';
import { language, t } from '#web/i18n/index.ts';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  dayjs,
  inCenter,
  nextFullHour,
  parseTypedDate,
  parseTypedDateTime,
  parseTypedTime,
} from '#web/lib/dates.ts';
import { PickerField, type PickerFieldProps, STOP_ESCAPE } from './picker-field.tsx';

const WALL_TIME = 'YYYY-MM-DD HH:mm';
const todayInCenter = () => inCenter(Date.now()).format('YYYY-MM-DD');
const showDate = (value: string) => (value ? dayjs(value).format(DATE_FORMAT) : '');
const showDateTime = (value: string) => (value ? dayjs(value).format(DATE_TIME_FORMAT) : '');

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
interface DayRange {
  minDate?: string;
  maxDate?: string;
}

/** A calendar date: value 'YYYY-MM-DD', shown dd/mm/yyyy. Picking a day closes the dropdown. */
export function DateField({ minDate, maxDate, ...props }: PickerFieldProps & DayRange) {
  return (
    <PickerField
      placeholder="dd/mm/yyyy"
      {...props}
      show={showDate}
      parse={parseTypedDate}
      invalidMessage={t('dates.invalidDate')}
      initialMonth={todayInCenter()}
      picker={({ value, choose, done, month, setMonth }) => (
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
      )}
    />
  );
}

/**
 * A wall time in the center's zone: value 'YYYY-MM-DD HH:mm', shown dd/mm/yyyy HH:mm. `defaultTime`
 * ('HH:mm') is the time a picked day gets while the field is empty (the next full hour if not given).
 */
export function DateTimeField({
  defaultTime,
  minDate,
  maxDate,
  ...props
}: PickerFieldProps & DayRange & { defaultTime?: string }) {
  return (
    <PickerField
      placeholder="dd/mm/yyyy hh:mm"
      {...props}
      show={showDateTime}
      parse={parseTypedDateTime}
      invalidMessage={t('dates.invalidDateTime')}
      initialMonth={todayInCenter()}
      picker={({ value, choose, done, month, setMonth }) => (
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
      )}
    />
  );
}

/** A time of day: value 'HH:mm' (24 hours). */
export function TimeField(props: PickerFieldProps) {
  return (
    <PickerField
      placeholder="hh:mm"
      {...props}
      show={(value) => value}
      parse={parseTypedTime}
      invalidMessage={t('dates.invalidTime')}
      initialMonth=""
      picker={({ value, choose, done }) => (
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
      )}
    />
  );
}
