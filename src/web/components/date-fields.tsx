// Date pickers that show and take dates the Vietnamese way (dd/mm/yyyy, 24-hour times), not the
// browser's locale: native date inputs showed mm/dd/yyyy in an English browser. Typing works
// (dd/mm/yyyy or yyyy-mm-dd), and so does the calendar.
import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { language } from '#web/i18n/index.ts';
import { DATE_FORMAT, DATE_TIME_FORMAT, parseTypedDate } from '#web/lib/dates.ts';

type FieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** 'YYYY-MM-DD', or '' when empty. */
  value: string;
  onChange: (value: string) => void;
};

/** A calendar date: value 'YYYY-MM-DD', shown dd/mm/yyyy. */
export function DateField({ value, onChange, ...props }: FieldProps) {
  return (
    <DateInput
      {...props}
      locale={language}
      valueFormat={DATE_FORMAT}
      placeholder={props.placeholder ?? 'dd/mm/yyyy'}
      dateParser={(text) => parseTypedDate(text, false)}
      value={value || null}
      onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
    />
  );
}

/** A wall time in the center's zone: value 'YYYY-MM-DD HH:mm', shown dd/mm/yyyy HH:mm. */
export function DateTimeField({ value, onChange, ...props }: FieldProps) {
  return (
    <DateInput
      {...props}
      locale={language}
      withTime
      valueFormat={DATE_TIME_FORMAT}
      placeholder={props.placeholder ?? 'dd/mm/yyyy hh:mm'}
      dateParser={(text) => parseTypedDate(text, true)}
      value={value ? `${value.replace('T', ' ').slice(0, 16)}:00` : null}
      onChange={(next) => onChange(next ? next.slice(0, 16) : '')}
    />
  );
}
