// The header menu of the light-header and dark-header layouts (lg and up): top-level links, and
// groups as dropdowns.
import Dropdown from 'react-bootstrap/Dropdown';
import { NavLink } from 'react-router-dom';
import type { MenuItem } from '../menu';

function flatten(items: MenuItem[]): Extract<MenuItem, { type: 'link' | 'heading' }>[] {
  return items.flatMap((i) => (i.type === 'group' ? [{ type: 'heading' as const, title: i.title }, ...flatten(i.children)] : [i]));
}

export function HorizontalMenu({ items }: { items: MenuItem[] }) {
  const top = items.filter((i) => i.type !== 'heading');
  return (
    <nav className="header-menu d-none d-lg-flex align-items-center gap-1" aria-label="Main menu">
      {top.map((item) =>
        item.type === 'link' ? (
          <NavLink key={item.to} to={item.to} end className={({ isActive }) => `header-menu-link${isActive ? ' active' : ''}`}>
            {item.title}
          </NavLink>
        ) : item.type === 'group' ? (
          <Dropdown key={item.title}>
            <Dropdown.Toggle as="button" className="header-menu-link border-0 bg-transparent">
              {item.title}
            </Dropdown.Toggle>
            <Dropdown.Menu className="shadow border-0 p-2">
              {flatten(item.children).map((child) =>
                child.type === 'heading' ? (
                  <Dropdown.Header key={`h-${child.title}`}>{child.title}</Dropdown.Header>
                ) : (
                  <Dropdown.Item key={child.to} as={NavLink} to={child.to} end className="rounded-2">
                    {child.icon && <i className={`bi ${child.icon} me-2`} aria-hidden="true" />}
                    {child.title}
                  </Dropdown.Item>
                ),
              )}
            </Dropdown.Menu>
          </Dropdown>
        ) : null,
      )}
    </nav>
  );
}
