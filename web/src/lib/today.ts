// Today as a local date (YYYY-MM-DD) in the browser's zone, without imports: the route table's
// prefetches (app/routes.tsx) use it in the console's first chunk.
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
