import { useId } from 'react';
import { NavLink } from 'react-router';
import { useDisclosure } from './useDisclosure.ts';

/** One link of a portal's navigation: where to, its text, and whether only that path marks it. */
export interface PortalLink {
  to: string;
  label: string;
  end?: boolean;
}

/**
 * A portal's navigation (the current page marked). On a narrow screen it folds behind a button
 * named like the portal, so that the page's content starts within the first screen.
 */
export function PortalNav({ label, links }: { label: string; links: readonly PortalLink[] }) {
  const { open, toggle, buttonRef } = useDisclosure();
  const listId = useId();
  return (
    <nav className="portal-nav" aria-label={label} data-open={open}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary portal-nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={toggle}
      >
        {label}
      </button>
      <ul id={listId}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end ?? false}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
