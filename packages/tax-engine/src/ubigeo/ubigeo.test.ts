import { describe, expect, it } from "vitest";
import { DISTRICT_COUNT, findDistrict, ubigeoProblem } from "./ubigeo.js";

describe("INEI districts", () => {
  it("names a district with its province and department", () => {
    expect(findDistrict("150131")).toEqual({
      ubigeo: "150131",
      district: "SAN ISIDRO",
      province: "LIMA",
      department: "LIMA",
    });
    expect(findDistrict("070101")?.department).toBe("CALLAO");
  });

  it("knows the 1,892 districts of the 2021 list and the two created since", () => {
    expect(DISTRICT_COUNT).toBe(1894);
    expect(findDistrict("130112")?.district).toBe("ALTO TRUJILLO");
    expect(findDistrict("180107")).toMatchObject({ province: "MARISCAL NIETO", department: "MOQUEGUA" });
  });

  it("refuses a well-formed code of no district, and a malformed one", () => {
    // Right shape, no district: Lima province numbers its districts up to 44; department 26 does not exist.
    expect(ubigeoProblem("150199")).toBe("150199 is not a district in INEI's list of ubigeos");
    expect(ubigeoProblem("260101")).toMatch(/not a district/);
    expect(ubigeoProblem("15013")).toMatch(/6-digit/);
    expect(ubigeoProblem("150143")).toBeUndefined();
  });
});
