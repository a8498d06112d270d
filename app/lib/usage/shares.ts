// A share and how it is written, one rule for /admin/usage (with ' %') and its CSV files (the bare
// number). Its own module so the page's script takes these two lines and nothing else.

/** part / whole; nothing to divide by → null. */
export const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** 0.4567 → '45.7' (a percentage to one place); nothing to divide by → ''. */
export const percent = (value: number | null) =>
  value === null ? '' : (Math.round(value * 1000) / 10).toFixed(1);
