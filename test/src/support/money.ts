/** Exact money arithmetic on 2-decimal strings, in cents (no floating point between an amount and its sum). */
export const cents = (value: string | undefined): bigint => {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(value ?? "");
  if (!match) throw new Error(`not a 2-decimal amount: ${value}`);
  const abs = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] ? -abs : abs;
};

export const money = (c: bigint): string => {
  const sign = c < 0n ? "-" : "";
  const abs = c < 0n ? -c : c;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
};

/** The sum of 2-decimal amounts, as a 2-decimal amount. */
export const sumMoney = (values: (string | undefined)[]): string =>
  money(values.reduce((total, value) => total + cents(value), 0n));
