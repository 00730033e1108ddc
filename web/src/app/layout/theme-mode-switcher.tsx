// Theme menu (spec section 2): Light, Dark, System; opens on click, or on hover at large widths.
import { useEffect, useRef, useState } from 'react';
import Dropdown from '../../components/dropdown';
import { THEME_MODES, type ThemeMode } from '../../lib/theme';
import { useTheme } from '../../lib/theme-provider';
import { LARGE_SCREEN, useMediaQuery } from '../../lib/use-media-query';
import { IconToggle } from './icon-toggle';

const OPTIONS: Record<ThemeMode, { label: string; icon: string }> = {
  light: { label: 'Light', icon: 'bi-sun' },
  dark: { label: 'Dark', icon: 'bi-moon-stars' },
  system: { label: 'System', icon: 'bi-display' },
};
const HOVER_TIMEOUT_MS = 200;

export function ThemeModeSwitcher({ className }: { className?: string }) {
  const { mode, effective, setMode } = useTheme();
  const large = useMediaQuery(LARGE_SCREEN);
  const [show, setShow] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hovered = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // The closing a pointer leaving started ends with the menu: it must not set the state of a menu
  // that is gone (in the tests it fired after the page itself was torn down: "window is not defined").
  useEffect(() => () => clearTimeout(timer.current), []);
  const hover = large
    ? {
        onMouseEnter: () => {
          hovered.current = true;
          clearTimeout(timer.current);
          setShow(true);
        },
        onMouseLeave: () => {
          hovered.current = false;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setShow(false), HOVER_TIMEOUT_MS);
        },
      }
    : {};
  const onToggle = (next: boolean, meta: { originalEvent?: { target: EventTarget | null } }) => {
    // Hover opened it: a click on the trigger keeps it open under the pointer. That one click closes
    // it twice over: the trigger's toggle and the document's 'click outside the menu' (the trigger is
    // outside it), so what counts is where the click landed, not which of the two reports it.
    const target = meta.originalEvent?.target;
    if (!next && large && hovered.current && target instanceof Node && trigger.current?.contains(target)) return;
    setShow(next);
  };
  return (
    <Dropdown show={show} onToggle={onToggle} align="end" className={className} {...hover}>
      <Dropdown.Toggle ref={trigger} as={IconToggle} id="theme-menu-toggle" aria-label={`Theme: ${OPTIONS[mode].label}`} title="Theme">
        <i className={`bi ${effective === 'dark' ? 'bi-moon-stars' : 'bi-sun'} fs-5`} aria-hidden="true" />
      </Dropdown.Toggle>
      <Dropdown.Menu className="theme-menu shadow border-0 p-2">
        {THEME_MODES.map((m) => (
          <Dropdown.Item
            key={m}
            as="button"
            active={mode === m}
            aria-current={mode === m ? 'true' : undefined}
            className="rounded-2 d-flex align-items-center gap-2 py-2"
            onClick={() => setMode(m)}
          >
            <i className={`bi ${OPTIONS[m].icon}`} aria-hidden="true" />
            {OPTIONS[m].label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
