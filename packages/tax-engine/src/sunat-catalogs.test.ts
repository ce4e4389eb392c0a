import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  ALLOWANCE_CHARGE_REASONS,
  CREDIT_NOTE_REASONS,
  DEBIT_NOTE_REASONS,
  IGV_AFFECTATIONS,
} from "@einvoice/domain";
import { conformanceDir } from "@einvoice/testkit";
import { describe, expect, it } from "vitest";

/** The rows of one catalog of the workbook's Catálogos sheet, found by its title: code → the other cells. */
function workbookCatalog(title: string): Map<string, string[]> {
  const sheet = readFileSync(
    join(conformanceDir, "rules/sunat-validation-rules/AjustesValidacionesCPE_Catalogos.md"),
    "utf8",
  ).split("\n");
  const cells = (line: string) =>
    line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
  const start = sheet.findIndex((line) => cells(line)[0] === "Catálogo" && cells(line)[1] === title);
  expect(start, title).toBeGreaterThan(0);
  const rows = new Map<string, string[]>();
  // The title row, then the header row (Código | Descripción | …), then codes up to the first empty row.
  for (const line of sheet.slice(start + 2)) {
    const [code, ...rest] = cells(line);
    if (!code) break;
    rows.set(code, rest);
  }
  return rows;
}

describe("the catalogs of @einvoice/domain match SUNAT's workbook (Catálogos sheet)", () => {
  it("07: every code, SUNAT's name and the tributes its line may declare", () => {
    const sheet = workbookCatalog("Código de tipo de afectación del IGV");
    expect([...sheet.keys()].sort()).toEqual(Object.keys(IGV_AFFECTATIONS).sort());
    for (const [code, [name, tributes]] of sheet) {
      expect(IGV_AFFECTATIONS[code]?.name, code).toBe(name);
      expect(IGV_AFFECTATIONS[code]?.tributes, code).toEqual(tributes?.split(" o "));
    }
  });

  it.each([
    ["09", "Códigos de tipo de nota de crédito electrónica", CREDIT_NOTE_REASONS],
    ["10", "Códigos de tipo de nota de débito electrónica", DEBIT_NOTE_REASONS],
  ])("%s: every code with SUNAT's name", (_catalog, title, reasons) => {
    const sheet = workbookCatalog(title);
    expect([...sheet.keys()].sort()).toEqual(Object.keys(reasons).sort());
    for (const [code, [name]] of sheet) expect(reasons[code]?.name, code).toBe(name);
  });

  it("53: every code, SUNAT's name and its level", () => {
    const sheet = workbookCatalog("Códigos de cargos, descuentos y otras deducciones");
    expect([...sheet.keys()].sort()).toEqual(Object.keys(ALLOWANCE_CHARGE_REASONS).sort());
    for (const [code, [name, level]] of sheet) {
      expect(ALLOWANCE_CHARGE_REASONS[code]?.name, code).toBe(name);
      expect(ALLOWANCE_CHARGE_REASONS[code]?.level, code).toBe(level === "Item" ? "item" : "global");
    }
  });
});
