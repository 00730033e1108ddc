// mount() takes the prerendered page over in a task of its own (issue 36): not in the task that
// evaluated the page's script, which with the catalogue already there made one long task of both.
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The task mount() waits for, held open by the test.
let openTask: () => void = () => undefined;
const nextTask = vi.fn(() => new Promise<void>((resolve) => (openTask = resolve)));
vi.mock('./next-task', () => ({ nextTask }));

const { mount } = await import('./mount');
const { nextTask: realNextTask } = await vi.importActual<typeof import('./next-task')>('./next-task');

afterEach(() => {
  const root = document.getElementById('root');
  if (root) render(null, root);
  document.body.innerHTML = '';
  nextTask.mockClear();
});

describe('mount', () => {
  it('renders over the prerendered page only in the next task, the painted page shown meanwhile', async () => {
    document.body.innerHTML = '<div id="root"><p data-testid="page">painted</p></div>';
    const mounted = mount(<p data-testid="page">taken over</p>);
    await vi.waitFor(() => expect(nextTask).toHaveBeenCalledTimes(1));
    expect(document.querySelector('[data-testid="page"]')!.textContent).toBe('painted');
    openTask();
    await expect(mounted).resolves.toBe('en');
    expect(document.querySelector('[data-testid="page"]')!.textContent).toBe('taken over');
  });

  it('renders into an empty root (vite dev) at once, with no task to wait for', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await mount(<p data-testid="page">rendered</p>);
    await vi.waitFor(() => expect(document.querySelector('[data-testid="page"]')?.textContent).toBe('rendered'));
    expect(nextTask).not.toHaveBeenCalled();
  });
});

describe('nextTask', () => {
  it('resolves in a later task: after a message posted before it, not among the current microtasks', async () => {
    const order: string[] = [];
    const waited = realNextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await waited;
    expect(order).toEqual(['microtask', 'next task']);
  });
});
