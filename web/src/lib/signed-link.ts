// Private files (patients' documents) are opened through a short-lived signed link the API hands out
// to staff who may read them: ask for the link, then open it in a new tab.
import type { ApiResult } from './api';
import { notify } from './notify';

export async function openSignedLink(getLink: () => Promise<ApiResult<{ url: string }>>): Promise<void> {
  // Open the tab at once (a window.open after the request would be blocked), then point it at the link.
  const tab = window.open('', '_blank');
  try {
    const result = await getLink();
    const url = result.success ? result.data.data?.url : undefined;
    if (url) {
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      return;
    }
    tab?.close();
    notify.error(result.message || 'The file could not be opened.');
  } catch {
    tab?.close();
    notify.error('The file could not be opened. Please check your connection.');
  }
}
