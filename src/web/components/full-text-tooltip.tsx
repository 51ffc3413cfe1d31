// Names cut short on narrow cards (a class's, a teacher's, a topic) are shown whole in a tooltip:
// on hover and touch on the cut text itself, and on keyboard focus of the card that holds it.
import { Tooltip, type TooltipProps } from '@mantine/core';
import type { ReactElement } from 'react';

export function FullTextTooltip({
  text,
  children,
  onFocusOnly = false,
  ...props
}: {
  text: string;
  children: ReactElement;
  /** For a whole card: it shows when the card has keyboard focus, not on every hover over it. */
  onFocusOnly?: boolean;
} & Partial<Omit<TooltipProps, 'label' | 'children'>>) {
  return (
    <Tooltip
      label={text}
      multiline
      maw={320}
      openDelay={onFocusOnly ? 0 : 200}
      events={
        onFocusOnly
          ? { hover: false, focus: true, touch: false }
          : { hover: true, focus: true, touch: true }
      }
      {...props}
    >
      {children}
    </Tooltip>
  );
}
