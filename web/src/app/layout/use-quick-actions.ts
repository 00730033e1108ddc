import { useMemo } from 'react';
import { useAccess } from '../../lib/roles';
import { quickActions } from '../routes';
import type { AvailableAction } from './create-modal';

/** Create actions of registered pages that this member may open. */
export function useQuickActions(): AvailableAction[] {
  const canAccess = useAccess();
  return useMemo(() => quickActions().filter((a) => canAccess(a.access)), [canAccess]);
}
