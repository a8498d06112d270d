// How /admin/jobs says how long the oldest due job has waited (apart from dates.ts, which every
// page with a date loads).
/** How long something has waited, roughly: 'nothing waits', '40 seconds', '3 minutes', '2 hours'. */
export function waitedText(seconds: number): string {
  if (seconds <= 0) return 'nothing waits';
  const [count, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.floor(seconds / 60), 'minute']
        : seconds < 172_800
          ? [Math.floor(seconds / 3600), 'hour']
          : [Math.floor(seconds / 86_400), 'day'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** A length of time a job kind's policy gives: '30 seconds', '1 minute', '1 hour'. */
export const durationText = (ms: number) => waitedText(Math.round(ms / 1000));

/** Words in a sentence: 'a', 'a and b', 'a, b and c'. */
const listText = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * The waits between a kind's tries, in order (the last delay repeats): '30 seconds, 1 minute,
 * 2 minutes and 4 minutes'; 'not tried again' for a kind with one try.
 */
export function retryText(policy: { attempts: number; retryDelays: readonly number[] }) {
  const { attempts, retryDelays } = policy;
  const waits = Array.from({ length: Math.max(0, attempts - 1) }, (_, i) =>
    durationText(retryDelays[Math.min(i, retryDelays.length - 1)]!),
  );
  return waits.length ? listText(waits) : 'not tried again';
}
