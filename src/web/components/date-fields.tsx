// Date, time and date-time fields that show and take them the Vietnamese way (dd/mm/yyyy, 24-hour
// times), whatever the browser's locale (native inputs showed mm/dd/yyyy and AM/PM in an English
// browser). Typing works ('25/12/2026 19:30', see parseTyped* in dates.ts), and so do the pickers:
// picking a day keeps the time already chosen (the next full hour when there is none, never a
// silent 00:00) and leaves the dropdown open for the time, which its button or Enter confirms.
import '@mantine/dates/styles.css';
import { Loader } from '@mantine/core';
import { type FocusEvent, lazy, type PointerEvent, type ReactNode, Suspense } from 'react';
import { t } from '#web/i18n/index.ts';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  dayjs,
  inCenter,
  parseTypedDate,
  parseTypedDateTime,
  parseTypedTime,
} from '#web/lib/dates.ts';
import type { DayRange } from './date-pickers.tsx';
import { PickerField, type PickerFieldProps } from './picker-field.tsx';

// The pickers load apart from the fields (date-pickers.tsx): asked for as the pointer or the focus
// reaches a field, so they are usually there when its dropdown opens.
const loadPickers = () => import('./date-pickers.tsx');
const preloadPickers = () => {
  loadPickers().catch(() => {});
};
const DayPicker = lazy(() => loadPickers().then((m) => ({ default: m.DayPicker })));
const DayAndTimePicker = lazy(() => loadPickers().then((m) => ({ default: m.DayAndTimePicker })));
const TimeOfDayPicker = lazy(() => loadPickers().then((m) => ({ default: m.TimeOfDayPicker })));

/** A picker in its dropdown, a spinner there while it is still arriving. */
const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loader size="sm" m="xs" aria-label={t('common.loading')} />}>
    {children}
  </Suspense>
);

/** The field's own focus and pointer handlers, with the pickers' preload. */
const preloading = (props: PickerFieldProps) => ({
  onFocus: (event: FocusEvent<HTMLInputElement>) => {
    preloadPickers();
    props.onFocus?.(event);
  },
  onPointerEnter: (event: PointerEvent<HTMLInputElement>) => {
    preloadPickers();
    props.onPointerEnter?.(event);
  },
});

const todayInCenter = () => inCenter(Date.now()).format('YYYY-MM-DD');
const showDate = (value: string) => (value ? dayjs(value).format(DATE_FORMAT) : '');
const showDateTime = (value: string) => (value ? dayjs(value).format(DATE_TIME_FORMAT) : '');

/** A calendar date: value 'YYYY-MM-DD', shown dd/mm/yyyy. Picking a day closes the dropdown. */
export function DateField({ minDate, maxDate, ...props }: PickerFieldProps & DayRange) {
  return (
    <PickerField
      placeholder="dd/mm/yyyy"
      {...props}
      {...preloading(props)}
      show={showDate}
      parse={parseTypedDate}
      invalidMessage={t('dates.invalidDate')}
      initialMonth={todayInCenter()}
      picker={(controls) => (
        <Loading>
          <DayPicker {...controls} minDate={minDate} maxDate={maxDate} />
        </Loading>
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
      {...preloading(props)}
      show={showDateTime}
      parse={parseTypedDateTime}
      invalidMessage={t('dates.invalidDateTime')}
      initialMonth={todayInCenter()}
      picker={(controls) => (
        <Loading>
          <DayAndTimePicker
            {...controls}
            minDate={minDate}
            maxDate={maxDate}
            defaultTime={defaultTime}
          />
        </Loading>
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
      {...preloading(props)}
      show={(value) => value}
      parse={parseTypedTime}
      invalidMessage={t('dates.invalidTime')}
      initialMonth=""
      picker={(controls) => (
        <Loading>
          <TimeOfDayPicker {...controls} />
        </Loading>
      )}
    />
  );
}
