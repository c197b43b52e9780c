/**
 * The site's buttons for React islands, on the shared classes of
 * src/styles/ui-parts.css (docs/decisions/ui-parts.md).
 *
 *   <Button variant="primary" type="submit" busy={saving} busyLabel="保存しています…">保存する</Button>
 *   <LinkButton variant="secondary" size="sm" href={path}>開く</LinkButton>
 */
import type { AnchorHTMLAttributes, ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { buttonClass, type ButtonLook } from '../../lib/ui-parts';

const withClass = (look: ButtonLook, className: string | undefined) =>
  className ? `${buttonClass(look)} ${className}` : buttonClass(look);

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonLook {
  /**
   * Work under way: the button keeps its focus and its place in the tab
   * order (aria-disabled, aria-busy), ignores clicks, and a form cannot
   * submit through it (Enter in a field clicks the submit button, and that
   * click is cancelled).
   */
  busy?: boolean;
  /** Shown instead of the children while busy: 「保存しています…」. */
  busyLabel?: ReactNode;
}

/** A <button> (type="button" unless told: a button never submits a form by accident). `ref` reaches the <button>. */
export function Button({ variant, size, busy = false, busyLabel, type = 'button', className, onClick, children, ...button }: ButtonProps) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button
      type={type}
      className={withClass({ variant, size }, className)}
      {...button}
      {...(busy && { 'aria-disabled': true, 'aria-busy': true })}
      onClick={click}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}

export type LinkButtonProps = AnchorHTMLAttributes<HTMLAnchorElement> & ButtonLook & { href: string };

/** A link that looks like a button: for going somewhere, where <Button> is for doing something. */
export function LinkButton({ variant, size, className, ...link }: LinkButtonProps) {
  return <a className={withClass({ variant, size }, className)} {...link} />;
}
