import { zipDocument } from "@einvoice/sunat";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { example } from "../../test-support/signing.js";
import { checkSummaryContent, validateSummarySubmission } from "./summary-check.js";
import { parseSummaryFileName, summaryId, summaryKey } from "./summary-file-name.js";
import { summaryVerdict } from "./summary-verdict.js";
import { checkVoidedLines } from "./voided-rules.js";

// openubl-xsender-java samples: RC-20191224-1 and RA-20191224-1 of RUC 12345678912, IssueDate 2019-12-24.
const RUC = "12345678912";
const rc = example("openubl-xsender-java/summary-document.xml");
const ra = example("openubl-xsender-java/voided-document.xml");
const check = async (fileName: string, xml: string, sender = RUC, inner = fileName) =>
  validateSummarySubmission({ fileName, zip: await zipDocument(inner, xml), senderRuc: sender });

describe("parseSummaryFileName", () => {
  it.each([
    ["20000000001-RC-20240501-1.zip", { kind: "RC", date: "20240501", number: "1" }],
    ["20000000001-ra-20240501-00012.zip", { kind: "RA", date: "20240501", number: "00012" }],
    ["20000000001-RR-20240501-1.zip", undefined],
    ["20000000001-RC-20240501-0.zip", undefined],
    ["20000000001-RC-2024051-1.zip", undefined],
    ["20000000001-01-F001-1.zip", undefined],
  ])("%s", (name, expected) => {
    const parsed = parseSummaryFileName(name, "zip");
    if (expected) expect(parsed).toMatchObject(expected);
    else expect(parsed).toBeUndefined();
  });

  it("keys and ids drop leading zeros of the correlativo", () => {
    const name = parseSummaryFileName("20000000001-RA-20240501-007.zip", "zip")!;
    expect(summaryKey(name)).toBe("20000000001-RA-20240501-7");
    expect(summaryId(name)).toBe("RA-20240501-7");
  });
});

describe("validateSummarySubmission", () => {
  it("reads an RC and an RA", async () => {
    expect(await check(`${RUC}-RC-20191224-1.zip`, rc)).toMatchObject({
      ok: true,
      summary: { root: "SummaryDocuments", id: "RC-20191224-1", ruc: RUC, lineCount: 1, voided: [] },
    });
    expect(await check(`${RUC}-RA-20191224-1.zip`, ra)).toMatchObject({
      ok: true,
      summary: { root: "VoidedDocuments", voided: [{ type: "01", series: "F001", number: "1" }] },
    });
  });

  it.each([
    ["0151 a CPE name", `${RUC}-01-F001-1.zip`, rc, RUC],
    ["0154 another sender", `${RUC}-RC-20191224-1.zip`, rc, "20000000001"],
    ["0306 RA content under an RC name", `${RUC}-RC-20191224-1.zip`, ra, RUC],
    ["1034 RUC of the name ≠ content", "20000000001-RC-20191224-1.zip", rc, "20000000001"],
  ] as const)("%s", async (label, fileName, xml, sender) => {
    expect(await check(fileName, xml, sender)).toMatchObject({ ok: false, code: label.slice(0, 4) });
  });

  it("0161 when the xml inside has another name, 0158 with two", async () => {
    const name = `${RUC}-RC-20191224-1.zip`;
    expect(await check(name, rc, RUC, `${RUC}-RC-20191224-2`)).toMatchObject({ code: "0161" });
    const bytes = new TextEncoder().encode(rc);
    const two = zipSync({ [`${RUC}-RC-20191224-1.xml`]: bytes, "x.xml": bytes });
    expect(
      validateSummarySubmission({ fileName: name, zip: Buffer.from(two), senderRuc: RUC }),
    ).toMatchObject({
      code: "0158",
    });
  });
});

describe("checkSummaryContent", () => {
  it("2220 when the ID is not the name, 2346 when the date differs", async () => {
    const result = await check(`${RUC}-RC-20191224-2.zip`, rc);
    if (!result.ok) throw new Error("expected ok");
    expect(checkSummaryContent(result.summary, result.fileName).map((i) => i.code)).toEqual(["2220"]);
    const other = await check(`${RUC}-RC-20191225-1.zip`, rc);
    if (!other.ok) throw new Error("expected ok");
    expect(checkSummaryContent(other.summary, other.fileName).map((i) => i.code)).toEqual(["2220", "2346"]);
  });

  it("2348 when an RA names a document twice", async () => {
    const line = /<sac:VoidedDocumentsLine>[\s\S]*<\/sac:VoidedDocumentsLine>/.exec(ra)![0];
    const twice = ra.replace(line, line + line.replace("<cbc:LineID>1", "<cbc:LineID>2"));
    const result = await check(`${RUC}-RA-20191224-1.zip`, twice);
    if (!result.ok) throw new Error("expected ok");
    expect(checkSummaryContent(result.summary, result.fileName).map((i) => i.code)).toEqual(["2348"]);
  });
});

describe("checkVoidedLines", () => {
  const key = (l: { type: string; series: string; number: string }) => `${l.type}-${l.series}-${l.number}`;
  it.each([
    [undefined, ["2105"]],
    [{ outcome: "rejected" as const, voided: false }, ["2398"]],
    [{ outcome: "accepted" as const, voided: true }, ["2323"]],
    [{ outcome: "observed" as const, voided: false }, []],
  ])("%j → %j", (target, codes) => {
    const targets = new Map(target ? [["01-F001-1", target]] : []);
    const lines = [{ type: "01", series: "F001", number: "1" }];
    expect(checkVoidedLines(lines, key, targets).map((i) => i.code)).toEqual(codes);
  });
});

describe("summaryVerdict", () => {
  it("uses SUNAT's sentences and the usual fold", () => {
    expect(summaryVerdict("RA", "RA-20171001-1", [])).toMatchObject({
      outcome: "accepted",
      description: "La Comunicación de baja RA-20171001-1, ha sido aceptada",
    });
    expect(summaryVerdict("RC", "RC-20171001-1", [], "4000")).toMatchObject({
      outcome: "observed",
      responseCode: "0",
      description: "El Resumen diario RC-20171001-1, ha sido aceptado",
      notes: [{ code: "4000" }],
    });
    expect(summaryVerdict("RC", "RC-20171001-1", [], "2223")).toMatchObject({ outcome: "rejected" });
    expect(summaryVerdict("RC", "RC-20171001-1", [], "0100")).toMatchObject({ outcome: "exception" });
  });
});
