// The header menu of the light-header and dark-header layouts (lg and up): links before the first
// heading stay links; each heading's section becomes one dropdown, and the sections that do not fit
// the bar fold into a "More" dropdown, so the bar stays one line and never runs under the icons.
import { useLayoutEffect, useRef, useState } from 'react';
import Dropdown from '../../components/dropdown';
import { matchPath, NavLink, useLocation } from 'react-router-dom';
import { menuPaths, type MenuItem } from '../menu';

type Entry = Extract<MenuItem, { type: 'link' | 'heading' }>;

function flatten(items: MenuItem[]): Entry[] {
  return items.flatMap((i) => (i.type === 'group' ? [{ type: 'heading' as const, title: i.title }, ...flatten(i.children)] : [i]));
}

/** Top-level links, and sections (a heading with what follows it, or a group). */
function sections(items: MenuItem[]): ({ kind: 'link'; item: Extract<MenuItem, { type: 'link' }> } | { kind: 'section'; title: string; items: MenuItem[] })[] {
  const out: ReturnType<typeof sections> = [];
  let current: { kind: 'section'; title: string; items: MenuItem[] } | undefined;
  for (const item of items) {
    if (item.type === 'heading') {
      current = { kind: 'section', title: item.title, items: [] };
      out.push(current);
    } else if (current) {
      current.items.push(item);
    } else if (item.type === 'group') {
      out.push({ kind: 'section', title: item.title, items: item.children });
    } else {
      out.push({ kind: 'link', item });
    }
  }
  return out.filter((s) => s.kind === 'link' || s.items.length > 0);
}

function Section({ title, items, align }: { title: string; items: MenuItem[]; align?: 'end' }) {
  const { pathname } = useLocation();
  const active = items.some((i) => menuPaths(i).some((to) => matchPath({ path: to, end: false }, pathname)));
  const entries = flatten(items);
  return (
    <Dropdown align={align}>
      <Dropdown.Toggle as="button" className={`header-menu-link border-0 bg-transparent${active ? ' active' : ''}`}>
        {title}
      </Dropdown.Toggle>
      <Dropdown.Menu className="header-menu-dropdown shadow border-0 p-2">
        {entries.map((entry, i) =>
          entry.type === 'heading' ? (
            <Dropdown.Header key={`h-${entry.title}-${i}`}>{entry.title}</Dropdown.Header>
          ) : (
            <Dropdown.Item key={entry.to} as={NavLink} to={entry.to} end className="rounded-2">
              {entry.icon && <i className={`bi ${entry.icon} me-2`} aria-hidden="true" />}
              {entry.title}
            </Dropdown.Item>
          ),
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** How many of the sections (natural widths, in order) fit in `available` px, leaving room for the
 * "More" toggle when some do not. */
export function fitCount(widths: number[], moreWidth: number, available: number, gap: number): number {
  const total = widths.reduce((sum, w, i) => sum + w + (i > 0 ? gap : 0), 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const w of widths) {
    if (used + gap + w > available) break;
    used += gap + w;
    count++;
  }
  return count;
}

const GAP = 4; // gap-1

export function HorizontalMenu({ items }: { items: MenuItem[] }) {
  const all = sections(items);
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(all.length);
  const labels = all.map((s) => (s.kind === 'link' ? s.item.title : s.title)).join('|');

  // The sections that fit stay in the bar; the rest fold into "More". Widths come from a hidden
  // copy of the labels, so what is shown never feeds back into what fits.
  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return;
    const update = () => {
      const spans = [...measure.children] as HTMLElement[];
      const more = spans.pop()!;
      setShown(fitCount(spans.map((el) => el.offsetWidth), more.offsetWidth, nav.clientWidth, GAP));
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [labels]);

  const folded = all.slice(shown);
  return (
    <nav ref={navRef} className="header-menu d-none d-lg-flex align-items-center gap-1 flex-grow-1" aria-label="Main menu">
      <div ref={measureRef} className="header-menu-measure" aria-hidden="true">
        {all.map((s) => (
          <span key={s.kind === 'link' ? s.item.to : s.title} className={`header-menu-link${s.kind === 'link' ? '' : ' dropdown-toggle'}`}>
            {s.kind === 'link' ? s.item.title : s.title}
          </span>
        ))}
        <span className="header-menu-link dropdown-toggle">More</span>
      </div>
      {all.slice(0, shown).map((s) =>
        s.kind === 'link' ? (
          <NavLink key={s.item.to} to={s.item.to} end className={({ isActive }) => `header-menu-link${isActive ? ' active' : ''}`}>
            {s.item.title}
          </NavLink>
        ) : (
          <Section key={s.title} title={s.title} items={s.items} />
        ),
      )}
      {folded.length > 0 && (
        <Section
          title="More"
          align="end"
          items={folded.flatMap((s): MenuItem[] => (s.kind === 'link' ? [s.item] : [{ type: 'heading', title: s.title }, ...s.items]))}
        />
      )}
    </nav>
  );
}
