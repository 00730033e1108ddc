// A list row's on/off change (a package offered or not, a webhook endpoint on or off): one row at a
// time, a toast that says what changed or why not, and the list reloaded after a change.
import { useState } from 'react';
import type { ApiResult } from './api';
import { notify } from './notify';

export interface RowSwitchTexts {
  /** What the change did, e.g. '"Massage" is offered again.' */
  done: string;
  /** The fallback when it failed, e.g. 'The package could not be changed.' */
  failed: string;
}

export function useRowSwitch(reload: () => Promise<unknown>) {
  const [switching, setSwitching] = useState<string>();
  const flip = async (id: string, change: () => Promise<ApiResult>, texts: RowSwitchTexts) => {
    setSwitching(id);
    try {
      const result = await change();
      if (result.success) {
        notify.success(texts.done);
        await reload();
      } else notify.error(result.message || texts.failed);
    } catch {
      notify.error(`${texts.failed} Please check your connection.`);
    } finally {
      setSwitching(undefined);
    }
  };
  return { switching, flip };
}
