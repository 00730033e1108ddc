// How each bench script ends: exit 0 once its figures are printed, or print why it could not measure
// and exit 1 (its browser and local stack may hold the event loop open otherwise).
export function runScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}

/** A Chrome trace event (the fields the bench scripts read). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time (CPU), where the trace records it. */
  tdur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string; frame?: string; styleSheetUrl?: string } };
}
