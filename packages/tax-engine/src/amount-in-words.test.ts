import { describe, expect, it } from "vitest";
import { amountInWords, integerInWords } from "./amount-in-words.js";

describe("integerInWords", () => {
  it.each([
    [0, "CERO"],
    [1, "UNO"],
    [15, "QUINCE"],
    [16, "DIECISÉIS"],
    [21, "VEINTIUNO"],
    [22, "VEINTIDÓS"],
    [30, "TREINTA"],
    [31, "TREINTA Y UNO"],
    [99, "NOVENTA Y NUEVE"],
    [100, "CIEN"],
    [101, "CIENTO UNO"],
    [118, "CIENTO DIECIOCHO"],
    [500, "QUINIENTOS"],
    [999, "NOVECIENTOS NOVENTA Y NUEVE"],
    [1000, "MIL"],
    [1001, "MIL UNO"],
    [2360, "DOS MIL TRESCIENTOS SESENTA"],
    [21000, "VEINTIÚN MIL"],
    [31000, "TREINTA Y UN MIL"],
    [100000, "CIEN MIL"],
    [101000, "CIENTO UN MIL"],
    [999999, "NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE"],
    [1000000, "UN MILLÓN"],
    [1000001, "UN MILLÓN UNO"],
    [2500000, "DOS MILLONES QUINIENTOS MIL"],
    [21000000, "VEINTIÚN MILLONES"],
    [1000000000, "MIL MILLONES"],
    [
      999999999999,
      "NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE",
    ],
  ])("%d → %s", (n, words) => {
    expect(integerInWords(n)).toBe(words);
  });

  it("refuses what does not fit n(12,2)", () => {
    expect(() => integerInWords(1e12)).toThrow(RangeError);
    expect(() => integerInWords(-1)).toThrow(RangeError);
  });
});

describe("amountInWords (legend 1000)", () => {
  it.each([
    ["118.00", "PEN", "CIENTO DIECIOCHO CON 00/100 SOLES"],
    ["0.20", "PEN", "CERO CON 20/100 SOLES"],
    ["1180.5", "USD", "MIL CIENTO OCHENTA CON 50/100 DÓLARES AMERICANOS"],
    ["944.00", "PEN", "NOVECIENTOS CUARENTA Y CUATRO CON 00/100 SOLES"],
    ["21001.99", "PEN", "VEINTIÚN MIL UNO CON 99/100 SOLES"],
    ["0.005", "PEN", "CERO CON 01/100 SOLES"],
  ])("%s %s", (amount, currency, text) => {
    expect(amountInWords(amount, currency)).toBe(text);
  });
});
