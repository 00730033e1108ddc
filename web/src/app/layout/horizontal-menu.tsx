// The header menu of the light-header and dark-header layouts (lg and up): links before the first
// heading stay links; each heading's section becomes one dropdown, so the bar stays one line.
import Dropdown from 'react-bootstrap/Dropdown';
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

function Section({ title, items }: { title: string; items: MenuItem[] }) {
  const { pathname } = useLocation();
  const active = items.some((i) => menuPaths(i).some((to) => matchPath({ path: to, end: false }, pathname)));
  const entries = flatten(items);
  return (
    <Dropdown>
      <Dropdown.Toggle as="button" className={`header-menu-link border-0 bg-transparent${active ? ' active' : ''}`}>
        {title}
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow border-0 p-2">
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

export function HorizontalMenu({ items }: { items: MenuItem[] }) {
  return (
    <nav className="header-menu d-none d-lg-flex align-items-center gap-1" aria-label="Main menu">
      {sections(items).map((s) =>
        s.kind === 'link' ? (
          <NavLink key={s.item.to} to={s.item.to} end className={({ isActive }) => `header-menu-link${isActive ? ' active' : ''}`}>
            {s.item.title}
          </NavLink>
        ) : (
          <Section key={s.title} title={s.title} items={s.items} />
        ),
      )}
    </nav>
  );
}
