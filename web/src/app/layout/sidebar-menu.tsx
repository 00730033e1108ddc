// The vertical menu of the sidebar and the mobile drawer: links, headings and collapsible groups.
import { useId, useState } from 'react';
import Collapse from 'react-bootstrap/Collapse';
import { matchPath, NavLink, useLocation } from 'react-router-dom';
import { menuPaths, type MenuItem } from '../menu';

function isActive(item: MenuItem, pathname: string): boolean {
  return menuPaths(item).some((to) => matchPath({ path: to, end: false }, pathname));
}

function MenuGroup({ item, depth }: { item: Extract<MenuItem, { type: 'group' }>; depth: number }) {
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  const [open, setOpen] = useState(active);
  const id = useId();
  return (
    <li className={`menu-item menu-group${active ? ' is-active' : ''}`}>
      <button type="button" className="menu-link" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} title={item.title}>
        <span className="menu-icon" aria-hidden="true">
          {item.icon ? <i className={`bi ${item.icon}`} /> : <span className="menu-bullet" />}
        </span>
        <span className="menu-title">{item.title}</span>
        <i className={`bi bi-chevron-down menu-arrow${open ? ' is-open' : ''}`} aria-hidden="true" />
      </button>
      <Collapse in={open} timeout={250}>
        <div id={id}>
          <MenuList items={item.children} depth={depth + 1} />
        </div>
      </Collapse>
    </li>
  );
}

function MenuList({ items, depth }: { items: MenuItem[]; depth: number }) {
  return (
    <ul className={`menu-list list-unstyled mb-0${depth > 0 ? ' menu-sub' : ''}`}>
      {items.map((item) =>
        item.type === 'heading' ? (
          <li key={`h-${item.title}`} className="menu-heading">
            {item.title}
          </li>
        ) : item.type === 'group' ? (
          <MenuGroup key={`g-${item.title}`} item={item} depth={depth} />
        ) : (
          <li key={item.to} className="menu-item">
            <NavLink to={item.to} className={({ isActive: on }) => `menu-link${on ? ' active' : ''}`} title={item.title} end>
              <span className="menu-icon" aria-hidden="true">
                {item.icon ? <i className={`bi ${item.icon}`} /> : <span className="menu-bullet" />}
              </span>
              <span className="menu-title">{item.title}</span>
            </NavLink>
          </li>
        ),
      )}
    </ul>
  );
}

export function SidebarMenu({ items }: { items: MenuItem[] }) {
  return <MenuList items={items} depth={0} />;
}
