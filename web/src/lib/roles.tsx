// The signed-in member's module permissions, fetched once per session (spec sections 4 and 6).
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { PermissionEntry } from '#shared/permissions';
import { hasAccess, type Access } from './access';
import { failureText } from './api';
import { useApi } from './swr';

export const ROLES_KEY = '/users/roles-permissions';
export const ROLES_ERROR = 'Failed to fetch roles';

export interface RolesState {
  roles: PermissionEntry[];
  isOwner: boolean;
  loading: boolean;
  error?: string;
  retry?: () => void;
}

const RolesContext = createContext<RolesState | undefined>(undefined);

export function RolesProvider({ children }: { children: ReactNode }) {
  const { data, error, isLoading, mutate } = useApi(ROLES_KEY, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
  const value = useMemo<RolesState>(
    () => ({
      roles: data?.roles ?? [],
      isOwner: data?.isOwner ?? false,
      loading: isLoading,
      error: error ? failureText(error, ROLES_ERROR) : undefined,
      retry: () => void mutate(),
    }),
    [data, error, isLoading, mutate],
  );
  return <RolesContext.Provider value={value}>{children}</RolesContext.Provider>;
}

/** For tests and previews: fixed roles. */
export const RolesContextProvider = RolesContext.Provider;

export function useRoles(): RolesState {
  const value = useContext(RolesContext);
  if (!value) throw new Error('useRoles needs a RolesProvider');
  return value;
}

/** Whether the current member may use something needing `access` (false while roles load). */
export function useAccess(): (access: Access | undefined) => boolean {
  const state = useRoles();
  return useMemo(() => {
    const roles = state.loading || state.error ? null : { roles: state.roles, isOwner: state.isOwner };
    return (access: Access | undefined) => hasAccess(roles, access);
  }, [state]);
}
