/** A decimal amount as a string ("118.00", "0.3333333333"). Never a JS number: floats lose cents. */
export type Decimal = string;

/** The decimal text of a value a caller may send as a JSON number or a string, as the tax engine reads it. */
export function decimalText(value: number | string): string {
  return typeof value === "number" ? String(value) : value;
}

/** An ISO date `YYYY-MM-DD`, in Peru's calendar (America/Lima, UTC-5, no DST). */
export type IsoDate = string;

export type Mode = "test" | "live";

export const modeOf = (livemode: boolean): Mode => (livemode ? "live" : "test");
