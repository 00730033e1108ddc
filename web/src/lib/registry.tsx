// Which console paths have pages. The app provides it from its route list, so features (dashboard
// tiles, quick actions) can link only to pages that exist without importing the app.
import { createContext, useContext } from 'react';

export interface Registry {
  /** True when a registered console route matches the path. */
  isRegistered: (path: string) => boolean;
}

const RegistryContext = createContext<Registry>({ isRegistered: () => false });

export const RegistryProvider = RegistryContext.Provider;
export const useRegistry = () => useContext(RegistryContext);
