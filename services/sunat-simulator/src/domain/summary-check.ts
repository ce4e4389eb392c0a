import { child, children, decodeXml, parseXml, text } from "@einvoice/sunat";
import { issueFor, type RuleIssue } from "./rule-issue.js";
import { parseSummaryFileName, type SummaryFileName } from "./summary-file-name.js";
import { singleXmlEntry } from "./zip-entry.js";

/** A line of a comunicación de baja: the document to void. */
export interface VoidedLine {
  type: string;
  series: string;
  number: string;
}

/** What the content of an RC/RA says about itself. */
export interface SummaryContent {
  root: "SummaryDocuments" | "VoidedDocuments";
  /** `cbc:ID`, e.g. `RC-20191224-1`. */
  id: string;
  ruc: string;
  issueDate: string;
  /** RA lines; empty for RC (its lines are not checked against the registry here). */
  voided: VoidedLine[];
  lineCount: number;
}

export type SummaryCheck =
  | { ok: true; xml: string; fileName: SummaryFileName; summary: SummaryContent }
  | ({ ok: false } & RuleIssue);

const ROOTS = { RC: "SummaryDocuments", RA: "VoidedDocuments" } as const;

/**
 * sendSummary's synchronous checks, answered as faults: name 0151 (anything but RC/RA), sender 0154, zip and
 * xml name 0155–0161, XML that does not parse or whose root does not fit the name 0306, RUC of the name ≠
 * content 1034 (RV:Resumen_Diario1_1 / Comunicacion_de_Baja1_0). Content rules (2220…) come later, in the
 * ticket's CDR.
 */
export function validateSummarySubmission(input: {
  fileName: string;
  zip: Buffer;
  senderRuc: string;
}): SummaryCheck {
  const fileName = parseSummaryFileName(input.fileName, "zip");
  if (!fileName) return fail("0151");
  if (fileName.ruc !== input.senderRuc) return fail("0154");
  const entry = singleXmlEntry(input.zip, fileName.stem, (name) => parseSummaryFileName(name, "xml")?.stem);
  if (!entry.ok) return fail(entry.code);
  const xml = decodeXml(entry.data);
  const summary = readSummary(xml, ROOTS[fileName.kind]);
  if (!summary) return fail("0306");
  if (summary.ruc !== fileName.ruc) return fail("1034");
  return { ok: true, xml, fileName, summary };
}

/**
 * Content rules SUNAT reports in the ticket's CDR (status 99): ID ≠ name 2220, issue date ≠ name date 2346,
 * the same document twice in an RA 2348.
 */
export function checkSummaryContent(summary: SummaryContent, fileName: SummaryFileName): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const [kind, date, number] = summary.id.split("-");
  if (kind !== fileName.kind || date !== fileName.date || Number(number) !== Number(fileName.number)) {
    issues.push(issueFor("2220", `cbc:ID ${summary.id}`));
  }
  if (summary.issueDate.replaceAll("-", "") !== fileName.date) {
    issues.push(issueFor("2346", `cbc:IssueDate ${summary.issueDate}`));
  }
  const seen = new Set<string>();
  for (const line of summary.voided) {
    const key = `${line.type}-${line.series.toUpperCase()}-${Number(line.number)}`;
    if (seen.has(key)) issues.push(issueFor("2348", key));
    seen.add(key);
  }
  return issues;
}

function readSummary(xml: string, root: SummaryContent["root"]): SummaryContent | undefined {
  const node = child(parseXml(xml), root);
  if (!node) return undefined;
  const supplier = child(node, "AccountingSupplierParty");
  const lineName = root === "SummaryDocuments" ? "SummaryDocumentsLine" : "VoidedDocumentsLine";
  const lines = children(node, lineName);
  return {
    root,
    id: text(node, "ID") ?? "",
    // CustomizationID 1.1 summaries keep the 2.0-style CustomerAssignedAccountID; newer ones may use
    // Party/PartyIdentification/ID like UBL 2.1 documents.
    ruc:
      text(supplier, "CustomerAssignedAccountID") ||
      (text(supplier, "Party", "PartyIdentification", "ID") ?? ""),
    issueDate: text(node, "IssueDate") ?? "",
    voided:
      root === "VoidedDocuments"
        ? lines.map((line) => ({
            type: text(line, "DocumentTypeCode") ?? "",
            series: text(line, "DocumentSerialID") ?? "",
            number: text(line, "DocumentNumberID") ?? "",
          }))
        : [],
    lineCount: lines.length,
  };
}

function fail(code: string): SummaryCheck {
  return { ok: false, ...issueFor(code) };
}
