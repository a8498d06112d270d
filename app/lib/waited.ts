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
