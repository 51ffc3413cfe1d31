// The part the date, time and date-time fields share (date-fields.tsx): a text box that takes what
// is typed, with the picker in a dropdown under it. What is typed is kept as typed: a value when it
// reads as one, an error under the field when it does not (never silently dropped or put back).
// The dropdown opens on a click or ArrowDown (typing alone never covers the form with it) and
// closes on Escape, on a click or a Tab outside it, or when its picker says it is done. While it
// is open, the box and every control in it are marked data-mantine-stop-propagation: Mantine's
// dialogs then leave that Escape to the dropdown instead of closing around it.
import { Input, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { t } from '#web/i18n/index.ts';

export type PickerFieldProps = Omit<
  TextInputProps,
  'value' | 'onChange' | 'defaultValue' | 'error'
> & {
  /** The field's value in its own form ('YYYY-MM-DD', 'HH:mm', 'YYYY-MM-DD HH:mm'), '' when empty. */
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  /** A button that empties the field. */
  clearable?: boolean;
};

/** What the dropdown's picker is given. */
export interface PickerControls {
  value: string;
  /** Takes a value chosen in the picker. */
  choose: (value: string) => void;
  /** Closes the dropdown, the focus back in the text box. */
  done: () => void;
  /** The month the calendar shows ('YYYY-MM-DD'): it follows what is typed. */
  month: string;
  setMonth: (month: string) => void;
}

/** The day of a date or date-time value ('YYYY-MM-DD'), null for a time of day. */
const dayOf = (value: string) => (/^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);

/** Marks a control of the dropdown as handling its own Escape (see above). */
export const STOP_ESCAPE = { 'data-mantine-stop-propagation': true } as const;

export function PickerField({
  value,
  onChange,
  error,
  clearable = false,
  show,
  parse,
  invalidMessage,
  initialMonth,
  picker,
  ...inputProps
}: PickerFieldProps & {
  /** The value as it is typed and shown. */
  show: (value: string) => string;
  /** Typed text as a value, or null when it is none. */
  parse: (text: string) => string | null;
  invalidMessage: string;
  initialMonth: string;
  picker: (controls: PickerControls) => ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const dropdownRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(() => show(value));
  const [opened, setOpened] = useState(false);
  const [left, setLeft] = useState(false);
  const [month, setMonth] = useState(() => dayOf(value) ?? initialMonth);
  // The value this field last said (or was given): another one from outside (a form reset, an end
  // time set from the start) replaces the text; its own never does, so typing is not rewritten.
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    setText(show(value));
    setLeft(false);
    setMonth(dayOf(value) ?? month);
  }

  const say = (next: string) => {
    setKnown(next);
    if (next !== value) onChange(next);
  };
  const type = (typed: string) => {
    setText(typed);
    const parsed = typed.trim() ? parse(typed) : '';
    setMonth(dayOf(parsed ?? '') ?? month);
    say(parsed ?? '');
  };
  const choose = (next: string) => {
    say(next);
    setText(show(next));
    setLeft(false);
    setMonth(dayOf(next) ?? month);
  };
  const done = () => {
    setOpened(false);
    inputRef.current?.focus();
  };
  /** The focus left the field and its dropdown: a wrong text is said to be wrong, a right one tidied. */
  const leave = () => {
    setOpened(false);
    if (text.trim() && parse(text) === null) setLeft(true);
    else setText(show(value));
  };
  const within = (node: EventTarget | null) =>
    node instanceof Node && (node === inputRef.current || !!dropdownRef.current?.contains(node));

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && opened) setOpened(false);
    if (event.key === 'Enter' && opened) setOpened(false);
    if (event.key === 'ArrowDown' && !opened) {
      event.preventDefault();
      setOpened(true);
    }
    inputProps.onKeyDown?.(event);
  };
  const onDropdownKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      done();
    }
    // The dropdown sits apart from the form (in a portal): Tab returns to the text box, and the
    // next Tab moves on through the form.
    if (event.key === 'Tab') {
      event.preventDefault();
      done();
    }
  };
  // Clicks on the calendar keep the focus where it is (the time boxes take it themselves).
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  const wrong = text.trim() !== '' && parse(text) === null;
  const shownError = wrong && (left || error) ? invalidMessage : error;
  // A form is not sent while this field holds text that is no value (the value it gives meanwhile
  // is '', which an optional field would take as "not given"): the field says why instead. Caught
  // on the window, before React's own listener hands the submit to the form's handler.
  useEffect(() => {
    if (!wrong) return;
    const holdBack = (event: SubmitEvent) => {
      if (!inputRef.current || event.target !== inputRef.current.form) return;
      event.preventDefault();
      event.stopPropagation();
      setLeft(true);
      inputRef.current.focus();
    };
    window.addEventListener('submit', holdBack, true);
    return () => window.removeEventListener('submit', holdBack, true);
  }, [wrong]);
  const canClear = clearable && value !== '' && !inputProps.disabled && !inputProps.readOnly;

  return (
    <Popover
      opened={opened}
      position="bottom-start"
      shadow="md"
      trapFocus={false}
      returnFocus={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withRoles={false}
      disabled={inputProps.disabled || inputProps.readOnly}
    >
      <Popover.Target>
        <TextInput
          {...inputProps}
          ref={inputRef}
          value={text}
          error={shownError}
          autoComplete="off"
          data-mantine-stop-propagation={opened || undefined}
          onChange={(event) => type(event.currentTarget.value)}
          onClick={(event) => {
            setOpened(true);
            inputProps.onClick?.(event);
          }}
          onKeyDown={onInputKeyDown}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            if (!within(event.relatedTarget)) leave();
            inputProps.onBlur?.(event);
          }}
          rightSection={
            canClear ? (
              <Input.ClearButton aria-label={t('dates.clear')} onClick={() => choose('')} />
            ) : (
              <IconCalendar size={16} aria-hidden />
            )
          }
          rightSectionPointerEvents={canClear ? 'all' : 'none'}
        />
      </Popover.Target>
      <Popover.Dropdown
        ref={dropdownRef}
        onMouseDown={keepFocus}
        onKeyDownCapture={onDropdownKeyDown}
        onBlur={(event: FocusEvent<HTMLDivElement>) => {
          if (!within(event.relatedTarget)) leave();
        }}
        data-dates-dropdown
      >
        {picker({ value, choose, done, month, setMonth })}
      </Popover.Dropdown>
    </Popover>
  );
}
