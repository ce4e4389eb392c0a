/** A decimal amount as a string ("118.00", "0.3333333333"). Never a JS number: floats lose cents. */
export type Decimal = string;

/** An ISO date `YYYY-MM-DD`, in Peru's calendar (America/Lima, UTC-5, no DST). */
export type IsoDate = string;

export type Mode = "test" | "live";

export const modeOf = (livemode: boolean): Mode => (livemode ? "live" : "test");
