import { describe, expect, it } from "vitest";
import { wrapText } from "./wrap.js";

/** One point per character, so widths are lengths. */
const chars = (s: string) => [...s].length;

describe("wrapText", () => {
  it.each<[string, number, string[]]>([
    ["", 10, [""]],
    ["short", 10, ["short"]],
    ["exactly ten", 11, ["exactly ten"]],
    ["one two three four", 9, ["one two", "three", "four"]],
    ["a verylongwordthatdoesnotfit b", 8, ["a", "verylong", "wordthat", "doesnotf", "it b"]],
    ["  spaced   words  ", 20, ["spaced words"]],
    ["ñandú ñandú", 5, ["ñandú", "ñandú"]],
    [
      "en https://e-consulta.sunat.gob.pe/ol-ti/Cons.htm",
      22,
      ["en", "https://e-consulta.", "sunat.gob.pe/ol-ti/", "Cons.htm"],
    ],
  ])("%j in %d → %j", (text, width, lines) => {
    expect(wrapText(text, width, chars)).toEqual(lines);
  });

  it("never returns a line wider than the width", () => {
    const text = "Servicio de mantenimiento N° 123456789012345678901234567890 incluye repuestos";
    for (let width = 3; width < 40; width++) {
      for (const line of wrapText(text, width, chars)) expect(chars(line)).toBeLessThanOrEqual(width);
    }
  });
});
