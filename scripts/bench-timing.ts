// What the child benches (bench-credits, bench-next-free, bench-usage) share: a piece of work
// timed into a list of wall times, and the median of such a list.

/** The middle value (the upper of the two middles for an even count); sorts `values`. */
export const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs `work`, adds its wall time in ms to `into`, and returns its result. */
export async function timed<T>(into: number[], work: () => Promise<T>) {
  const began = performance.now();
  const result = await work();
  into.push(performance.now() - began);
  return result;
}
