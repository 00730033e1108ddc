// A new task of the main thread: what comes after it runs once the browser has had its turn (input,
// a paint), so a public page's start is several short tasks instead of one long one (Lighthouse's
// Total Blocking Time counts each task's time over 50 ms, on its phone four times slower).

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a new task: scheduler.yield() where the browser has it (the rest then runs before other
 * queued tasks of the page), else a MessageChannel message (no setTimeout clamping, none of its 4 ms).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
