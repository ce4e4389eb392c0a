/** Peru has no daylight saving: Lima is UTC−5 all year (the tax service dates documents in Lima). */
const LIMA_OFFSET_MS = -5 * 60 * 60 * 1000;

/** Today in Lima, `YYYY-MM-DD`: what the tax service uses as the default `issue_date`. */
export const limaToday = (now: Date = new Date()): string =>
  new Date(now.getTime() + LIMA_OFFSET_MS).toISOString().slice(0, 10);

/** `date` moved by `days` calendar days (negative goes back). */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Lima today plus `days`; computed at call time so a long run across midnight still sends current dates. */
export const limaDay = (days = 0): string => addDays(limaToday(), days);
