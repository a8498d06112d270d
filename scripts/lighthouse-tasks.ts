// `npm run lighthouse -- --tasks`: where a page's main thread went, from the trace of the reported
// run. Lighthouse's simulation multiplies what this machine observed by its 4x CPU slowdown, so a
// task observed at over 12.5 ms counts towards total blocking time once it falls after the first
// paint. Each task over 8 ms is listed with the work inside it (parsing which document, style,
// layout, a frame's navigation...), which is how the landing page's three clip frames were found.

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    data?: { url?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string };
    beginData?: { url?: string };
  };
}

const SHOWN_TASK_MS = 8;
const SHOWN_PART_MS = 1.5;

/** One line per main-thread task over SHOWN_TASK_MS after navigation: its start, length and largest parts. */
export function longTasks(trace: { traceEvents: TraceEvent[] }, origin: string): string[] {
  const events = trace.traceEvents;
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame &&
      event.args.data.documentLoaderURL?.startsWith('http'),
  );
  if (!navigation) return ['  (no navigation in the trace)'];
  const main = events
    .filter(
      (event) =>
        event.pid === navigation.pid && event.tid === navigation.tid && event.ph === 'X' && event.dur,
    )
    .sort((a, b) => a.ts - b.ts);
  const ms = (microseconds: number) => (microseconds / 1000).toFixed(1);
  return main
    .filter((task) => task.name === 'RunTask' && task.ts > navigation.ts && task.dur! > SHOWN_TASK_MS * 1000)
    .map((task) => {
      const parts = new Map<string, number>();
      for (const event of main) {
        if (event === task || event.ts < task.ts || event.ts + event.dur! > task.ts + task.dur!) continue;
        if (event.dur! < SHOWN_PART_MS * 1000) continue;
        const url = event.args?.beginData?.url ?? event.args?.data?.url;
        const name = url ? `${event.name} ${url.replace(origin, '')}` : event.name;
        parts.set(name, (parts.get(name) ?? 0) + event.dur!);
      }
      const largest = [...parts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([name, duration]) => `${name} ${ms(duration)}`);
      return `    at ${ms(task.ts - navigation.ts)} ms, ${ms(task.dur!)} ms: ${largest.join(' | ')}`;
    });
}
