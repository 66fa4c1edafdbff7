import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths, tabbables, useHeaderStore, useModalStore } from 'shared-ui';
import { useCurrentUser } from '../../app/use-current-user';
import { HeaderLinks } from './HeaderLinks';
import './header.css';

function LogoMark() {
  return (
    <svg className="shell-logo__mark" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
      <rect width="28" height="28" rx="7" fill="currentColor" />
      <rect x="6" y="6" width="4.5" height="16" rx="1.5" fill="#fff" />
      <rect x="11.75" y="6" width="4.5" height="10" rx="1.5" fill="#fff" opacity=".85" />
      <rect x="17.5" y="6" width="4.5" height="13" rx="1.5" fill="#fff" opacity=".7" />
    </svg>
  );
}

interface HeaderProps {
  /** Shown to a signed-in user beside the account links, at every width (the app: search, the bell). */
  signedInExtra?: ReactNode;
}

export function Header({ signedInExtra }: HeaderProps) {
  const { token, user } = useCurrentUser();
  const leftMenu = useHeaderStore((state) => state.leftMenu);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const panelRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);

  // Any navigation closes the side panel, and so does a modal opening (from the page's left menu).
  const modal = useModalStore((state) => state.modal);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname and modal are the triggers
  useEffect(() => setOpen(false), [pathname, modal]);

  // The open panel holds focus: it starts on its first item, Tab goes round inside it, and on close
  // focus returns to the burger, unless it has moved on (into a modal opened from the panel).
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>('a, button')?.focus();
    const burger = burgerRef.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
      if (event.key !== 'Tab' || !panel) return;
      const items = tabbables(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement as HTMLElement | null;
      const inside = active ? items.includes(active) : false;
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const active = document.activeElement;
      if (!active || active === document.body || panel?.contains(active)) burger?.focus();
    };
  }, [open]);

  return (
    <>
      <header className="shell-header">
        <div className="shell-header__inner">
          <Link to={paths.home.href()} className="shell-logo" aria-label="Канбан — на главную">
            <LogoMark />
            <span className="shell-logo__text shell-header__text">Канбан</span>
          </Link>
          <nav className="shell-header__nav" aria-label="Учётная запись">
            <HeaderLinks token={token} user={user} layout="bar" />
          </nav>
          {token && signedInExtra && <div className="shell-header__extra">{signedInExtra}</div>}
          <button
            ref={burgerRef}
            type="button"
            className="shell-burger"
            aria-label="Меню"
            aria-expanded={open}
            aria-controls="shell-side-panel"
            onClick={() => setOpen((value) => !value)}
          >
            <span />
            <span />
            <span />
          </button>
        </div>
      </header>
      {open && (
        <>
          {/* biome-ignore lint/a11y: the dim backdrop is a mouse shortcut; Escape closes the panel too */}
          <div className="shell-backdrop" data-testid="side-panel-backdrop" onClick={() => setOpen(false)} />
          <aside id="shell-side-panel" ref={panelRef} className="shell-panel" aria-label="Меню">
            <HeaderLinks token={token} user={user} layout="panel" />
            {leftMenu && <div className="shell-panel__menu">{leftMenu}</div>}
          </aside>
        </>
      )}
    </>
  );
}
