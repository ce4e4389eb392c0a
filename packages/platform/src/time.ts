/** Peru has no daylight saving: Lima is UTC−5 all year. */
const LIMA_OFFSET_MS = -5 * 60 * 60 * 1000;

/** Today's date in Lima as `YYYY-MM-DD`: SUNAT dates documents in Peru's calendar. */
export function todayInLima(now: Date = new Date()): string {
  return new Date(now.getTime() + LIMA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The time of day in Lima as `HH:MM:SS`. */
export function timeInLima(now: Date = new Date()): string {
  return new Date(now.getTime() + LIMA_OFFSET_MS).toISOString().slice(11, 19);
}
