import { useMemo } from 'react';
import { useAccess } from '../../lib/roles';
import { menu, visibleMenu, type MenuItem } from '../menu';
import { isRegistered } from '../routes';

/** The menu entries this member may see, linking only to registered pages. */
export function useMenu(): MenuItem[] {
  const canAccess = useAccess();
  return useMemo(() => visibleMenu(menu, (item) => isRegistered(item.to) && canAccess(item.access), canAccess), [canAccess]);
}
