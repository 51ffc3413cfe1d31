// How every Mantine dialog fits a phone (product.md "On a phone"), set once in the theme rather
// than per dialog: see phone-dialogs.module.css. Sizes other than lg/xl keep their centred card
// with a margin; a dialog given `fullScreen` itself is left as it is.
import classes from './phone-dialogs.module.css';

const WIDE_SIZES: readonly unknown[] = ['lg', 'xl'];

/** The theme's `classNames` for Modal: a function of the dialog's props. */
export function phoneDialogClassNames(_theme: unknown, props: { size?: unknown }) {
  const wide = WIDE_SIZES.includes(props.size);
  return {
    body: classes.body,
    inner: wide ? classes.wideInner : undefined,
    content: wide ? classes.wideContent : undefined,
  };
}
