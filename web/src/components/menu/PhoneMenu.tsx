/**
 * A header's links that fold behind a Menu button below 720 px (phone-menu.css): a disclosure,
 * so the button says whether the list is shown (aria-expanded) and which list (aria-controls).
 * Above 720 px the button is hidden and the list is an ordinary part of the header. The links
 * should call `menu.close` when followed: a lazily loaded next page changes the location only
 * once its code has arrived, and the menu should not stay open meanwhile.
 */
import { type ReactNode, useId } from 'react';
import type { PhoneMenuState } from './usePhoneMenu.ts';
import './phone-menu.css';

export function PhoneMenu({
  menu,
  label,
  className,
  children,
}: {
  menu: PhoneMenuState;
  /** The navigation landmark's name. */
  label: string;
  className: string;
  children: ReactNode;
}) {
  const navId = useId();
  return (
    <>
      <button
        type="button"
        ref={menu.button}
        className="clubs-menu-button"
        aria-expanded={menu.open}
        aria-controls={navId}
        onClick={menu.toggle}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Menu</span>
      </button>
      <nav id={navId} aria-label={label} className={`clubs-phone-menu ${className}`} data-open={menu.open}>
        {children}
      </nav>
    </>
  );
}
