// The one way a table fits a phone (issue 26 point 6, product.md "On a phone"): the table keeps
// its columns and scrolls sideways inside its own box, so the page never does; the last column
// (the row's actions) stays at the right edge and, for a grid, the first column (the names) at
// the left, so what a row is and what can be done with it are always on screen. Every table of
// the app is wrapped in it. With `cardsOnPhone`, a table of few rows read one by one (a pay
// statement's lines) becomes instead a card per row at phone width, each cell labelled by its
// `data-label`.
import type { CSSProperties, ReactNode, Ref } from 'react';
import classes from './responsive-table.module.css';

export function ResponsiveTable({
  minWidth,
  stickyFirstColumn = false,
  stickyLastColumn = false,
  cardsOnPhone = false,
  label,
  scrollerRef,
  children,
}: {
  /** The table's narrowest width: below it, the table scrolls instead of squeezing its columns. */
  minWidth?: number;
  /** Keeps the first column (a grid's names) at the left edge while the rest scrolls. */
  stickyFirstColumn?: boolean;
  /** Keeps the last column (the row's actions) at the right edge while the rest scrolls. */
  stickyLastColumn?: boolean;
  /** At phone width each row is a card and each cell a line of it, named by its `data-label`. */
  cardsOnPhone?: boolean;
  /**
   * Names the scrolling box for keyboard users: a table without buttons inside is then reached by
   * Tab and scrolled with the arrow keys.
   */
  label?: string;
  scrollerRef?: Ref<HTMLDivElement>;
  /** The table itself (a Mantine Table). */
  children: ReactNode;
}) {
  const className = [
    classes.scroller,
    stickyFirstColumn && classes.stickyFirst,
    stickyLastColumn && classes.stickyLast,
    cardsOnPhone && classes.cards,
  ]
    .filter(Boolean)
    .join(' ');
  const style = minWidth
    ? ({ '--responsive-table-min-width': `${minWidth}px` } as CSSProperties)
    : undefined;
  return (
    <div
      ref={scrollerRef}
      className={className}
      style={style}
      data-responsive-table
      {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
