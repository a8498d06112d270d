// `--members N --posts M [--history DAYS]`: the grown community that `npm run seed:demo` adds to the demo data and
// `npm run bench` measures against (docs/performance.md, "Pages whose cost does not grow").

export interface Crowd {
  members: number;
  posts: number;
  /** days of the lab's past to book (`--history 365`: a year, scripts/demo/history.ts) */
  history?: number;
}

/** The crowd asked for on the command line; zero members when not asked. */
export function crowdSize(argv: string[]): Crowd {
  const option = (name: string) => {
    const at = argv.indexOf(name);
    if (at === -1) return 0;
    const value = Number(argv[at + 1]);
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
    return value;
  };
  return { members: option('--members'), posts: option('--posts'), history: option('--history') };
}

/** The same, as arguments for `scripts/seed-demo.ts`. */
export const crowdArgs = (crowd?: Crowd) => [
  ...(crowd?.members ? ['--members', String(crowd.members), '--posts', String(crowd.posts)] : []),
  ...(crowd?.history ? ['--history', String(crowd.history)] : []),
];
