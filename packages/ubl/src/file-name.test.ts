import { describe, expect, it } from "vitest";
import { documentFileName } from "./file-name.js";

describe("documentFileName", () => {
  it("joins RUC, type, series and number without leading zeros", () => {
    expect(documentFileName("20123456786", "01", "F001", 1)).toBe("20123456786-01-F001-1");
    expect(documentFileName("20123456786", "03", "B002", 99_999_999)).toBe("20123456786-03-B002-99999999");
  });

  it("rejects parts SUNAT would reject (ERR 0151/1034–1036)", () => {
    expect(() => documentFileName("2012345678", "01", "F001", 1)).toThrow(RangeError);
    expect(() => documentFileName("20123456786", "1", "F001", 1)).toThrow(RangeError);
    expect(() => documentFileName("20123456786", "01", "F01", 1)).toThrow(RangeError);
    expect(() => documentFileName("20123456786", "01", "F001", 0)).toThrow(RangeError);
    expect(() => documentFileName("20123456786", "01", "F001", 1.5)).toThrow(RangeError);
  });
});
