// react-bootstrap's Dropdown, loaded on first use. Its code (Popper, @restart/ui's dropdown, ~150 KB
// before minifying) and its hooks per menu were a good part of a console page's first load on a slow
// phone, for menus that are closed then. Until a menu is first opened, its toggle is a plain element
// with the same markup (class names, aria-expanded) and the menu renders nothing (as Bootstrap's does
// before it is first shown). Pointing at a toggle or focusing it starts the download; the click that
// opens it is kept: the real menu renders open in its place and the focus stays on its toggle. Same
// props as react-bootstrap's, so a file switches by its import.
import type RealDropdown from 'react-bootstrap/Dropdown';
import type { DropdownProps } from 'react-bootstrap/Dropdown';
import { createContext, useContext, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode, type Ref, type SyntheticEvent } from 'react';

type Real = typeof RealDropdown;

let loading: Promise<Real> | undefined;

/** Downloads react-bootstrap's Dropdown once (a failed download is tried again at the next use). */
export function loadDropdown(): Promise<Real> {
  loading ??= import('react-bootstrap/Dropdown').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const preload = () => void loadDropdown().catch((error: unknown) => console.warn('Could not load the menu', error));

/** The real Dropdown once this menu is in use; null while its toggle stands in. */
const RealContext = createContext<Real | null>(null);
/** Opens the menu from the stand-in toggle (a click, or ArrowDown as Bootstrap's toggle takes it). */
const OpenContext = createContext<(event: SyntheticEvent) => void>(() => undefined);
/** Bootstrap's class for each direction (react-bootstrap's Dropdown). */
const DIRECTIONS: Record<string, string> = { down: 'dropdown', 'down-centered': 'dropdown-center', up: 'dropup', 'up-centered': 'dropup-center dropup', end: 'dropend', start: 'dropstart' };

function Dropdown({ ref, children, className, show, defaultShow, onToggle, drop, onPointerEnter, onFocus, onTouchStart, ...rest }: DropdownProps & { ref?: Ref<HTMLDivElement> }) {
  // The real Dropdown, from the first opening on (or once its owner shows it: a hover, controlled).
  const [real, setReal] = useState<Real | null>(null);
  const [openedAt, setOpenedAt] = useState<{ focus: boolean } | null>(null);
  const root = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (show) void loadDropdown().then((module) => setReal(() => module), (error: unknown) => console.warn('Could not load the menu', error));
  }, [show]);
  // After the swap the toggle is a new element: give it the focus the stand-in had.
  useEffect(() => {
    if (real && openedAt?.focus) root.current?.querySelector<HTMLElement>('[aria-expanded]')?.focus();
  }, [real, openedAt]);

  const open = (event: SyntheticEvent) => {
    const focus = root.current?.contains(document.activeElement) ?? false;
    void loadDropdown().then(
      (module) => {
        setOpenedAt({ focus });
        setReal(() => module);
        // A controlled menu opens through its owner, as Bootstrap's toggle would ask it to.
        onToggle?.(true, { source: 'click', originalEvent: event });
      },
      (error: unknown) => console.warn('Could not load the menu', error),
    );
  };
  const setRoot = (el: HTMLDivElement | null) => {
    root.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };

  if (real) {
    const Menu = real;
    return (
      <RealContext.Provider value={real}>
        <Menu
          ref={setRoot}
          {...rest}
          {...{ className, drop, onToggle, onPointerEnter, onFocus, onTouchStart }}
          {...(show === undefined ? { defaultShow: openedAt ? true : defaultShow } : { show })}
        >
          {children}
        </Menu>
      </RealContext.Provider>
    );
  }
  const { align: _align, autoClose: _autoClose, focusFirstItemOnShow: _focus, onSelect: _onSelect, navbar: _navbar, as: _as, ...attributes } = rest as typeof rest & { navbar?: unknown; as?: unknown };
  return (
    <OpenContext.Provider value={open}>
      <div
        ref={setRoot}
        {...attributes}
        className={[className, DIRECTIONS[drop ?? 'down']].filter(Boolean).join(' ')}
        onPointerEnter={(event) => {
          onPointerEnter?.(event);
          if (event.pointerType === 'mouse') preload();
        }}
        onFocus={(event) => {
          onFocus?.(event);
          preload();
        }}
        onTouchStart={(event) => {
          onTouchStart?.(event);
          preload();
        }}
      >
        {children}
      </div>
    </OpenContext.Provider>
  );
}

interface ToggleProps {
  as?: React.ElementType;
  variant?: string;
  size?: string;
  className?: string;
  children?: ReactNode;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  [attribute: string]: unknown;
}

function Toggle({ as, variant, size, className, onClick, onKeyDown, split, childBsPrefix: _prefix, ...props }: ToggleProps) {
  const real = useContext(RealContext);
  const open = useContext(OpenContext);
  if (real) {
    const Real = real.Toggle as React.ElementType;
    return <Real as={as} variant={variant} size={size} className={className} onClick={onClick} onKeyDown={onKeyDown} split={split} {...props} />;
  }
  // Bootstrap's markup: the toggle's classes, then (its default Button) the button's.
  const classes = [className, 'dropdown-toggle', split ? 'dropdown-toggle-split' : null];
  const button = as === undefined;
  if (button) classes.push('btn', `btn-${variant ?? 'primary'}`, size ? `btn-${size}` : null);
  const Component = (as ?? 'button') as 'button';
  return (
    <Component
      {...(button ? { type: 'button' } : {})}
      aria-expanded={false}
      {...props}
      className={classes.filter(Boolean).join(' ')}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) open(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (event.key === 'ArrowDown' && !event.defaultPrevented) {
          event.preventDefault();
          open(event);
        }
      }}
    />
  );
}

/** Renders `part` of the real Dropdown; nothing while the stand-in is there (the menu is closed then). */
function part(name: 'Menu' | 'Item' | 'ItemText' | 'Divider' | 'Header') {
  function Part(props: Record<string, unknown>): ReactElement | null {
    const real = useContext(RealContext);
    if (!real) return null;
    const Real = real[name] as React.ElementType;
    return <Real {...props} />;
  }
  Part.displayName = `Dropdown.${name}`;
  return Part;
}

export default Object.assign(Dropdown as unknown as Real, {
  Toggle: Toggle as unknown as Real['Toggle'],
  Menu: part('Menu'),
  Item: part('Item'),
  ItemText: part('ItemText'),
  Divider: part('Divider'),
  Header: part('Header'),
}) as Real;
