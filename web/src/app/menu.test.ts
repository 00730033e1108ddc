import { describe, expect, it } from 'vitest';
import { hasAccess } from '../lib/access';
import { entry } from '../testing/render';
import { visibleMenu, type MenuItem } from './menu';

const menu: MenuItem[] = [
  { type: 'link', title: 'Dashboard', to: '/dashboard' },
  { type: 'heading', title: 'User Management' },
  {
    type: 'group',
    title: 'Members',
    children: [
      { type: 'link', title: 'All Members', to: '/member', access: { module: 'Members' } },
      { type: 'link', title: 'Add Member', to: '/member/add', access: { module: 'Members', action: 'write' } },
    ],
  },
  { type: 'heading', title: 'Logs' },
  { type: 'link', title: 'Logs', to: '/logs', access: { owner: 'only' } },
];

function visible(registered: string[], roles: Parameters<typeof hasAccess>[0]) {
  const can = (a: Parameters<typeof hasAccess>[1]) => hasAccess(roles, a);
  return visibleMenu(menu, (item) => registered.includes(item.to) && can(item.access), can);
}

describe('visibleMenu', () => {
  it('shows only registered pages the member may open, dropping empty groups and headings', () => {
    const roles = { roles: [entry('Members', { read: true })], isOwner: false };
    expect(visible(['/dashboard', '/member', '/member/add', '/logs'], roles)).toEqual([
      menu[0],
      menu[1],
      { ...menu[2], children: [(menu[2] as Extract<MenuItem, { type: 'group' }>).children[0]] },
    ]);
    expect(visible(['/dashboard'], { roles: [], isOwner: true })).toEqual([menu[0]]);
  });
});
