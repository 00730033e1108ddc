// Pausing DynamoDB Local (or any local process) for fault tests: SIGSTOP takes effect after kill()
// returns, so under load a request sent at once can still be answered; pauseProcess waits until the
// kernel shows the process stopped. resumeProcess is safe in an afterAll: the process may be gone.
import { readFileSync } from 'node:fs';
import { eventually } from './eventually';

export async function pauseProcess(pid: number): Promise<void> {
  process.kill(pid, 'SIGSTOP');
  await eventually(() => (/\) [Tt] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')) ? true : undefined), 'the process stopped', 5_000, 1);
}

export function resumeProcess(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(pid, 'SIGCONT');
  } catch {
    // gone already
  }
}
