/**
 * The external validators the UBL matrix runs on each signed XML (xmllint for the UBL 2.1 XSD, xmlsec1 for the
 * XMLDSig), plus a small read-back of the figures in an `Invoice`. Re-implemented here on purpose, instead of
 * importing packages/ubl's test helpers: the end-to-end suite checks the product from the outside.
 */
import { spawnSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { CONFORMANCE_DIR } from "../harness.js";

export const INVOICE_XSD = join(CONFORMANCE_DIR, "xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd");

const PACKAGES: Record<string, string> = { xmllint: "libxml2-utils", xmlsec1: "xmlsec1" };

/**
 * Fails loudly (never skips) when a validator is missing. `npm test` installs both through apt; a bare
 * `npx vitest` on a machine without them must say so.
 */
export const requireBinaries = (...names: string[]): void => {
  for (const name of names) {
    const run = spawnSync(name, ["--version"], { encoding: "utf8" });
    if (run.error) {
      throw new Error(
        `${name} is required by this test and was not found (${run.error.message}). ` +
          `Install it with: sudo apt-get install -y ${PACKAGES[name] ?? name} (npm test's bootstrap does this).`,
      );
    }
  }
};

export interface TempDir {
  path: string;
  write(name: string, content: string): string;
  remove(): void;
}

export const tempDir = (): TempDir => {
  const path = mkdtempSync(join(tmpdir(), "einvoice-e2e-xml-"));
  return {
    path,
    write(name, content) {
      const file = join(path, name);
      writeFileSync(file, content);
      return file;
    },
    remove() {
      rmSync(path, { recursive: true, force: true });
    },
  };
};

/**
 * `xmllint --noout --nonet --schema UBL-Invoice-2.1.xsd` over many files in one run (the schema is parsed once).
 * Returns, per file, whether xmllint said "<file> validates", and the whole output for failure messages.
 */
export const validateAgainstXsd = (
  files: string[],
): { valid: Set<string>; output: string; status: number } => {
  const run = spawnSync("xmllint", ["--noout", "--nonet", "--schema", INVOICE_XSD, ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  const output = `${run.stdout}${run.stderr}`;
  const valid = new Set(files.filter((f) => output.includes(`${f} validates`)));
  return { valid, output, status: run.status ?? -1 };
};

/** `xmlsec1 --verify --trusted-pem <cert> <file>`: ok only on exit status 0. */
export const xmlsecVerify = (file: string, certificateFile: string): { ok: boolean; output: string } => {
  const run = spawnSync("xmlsec1", ["--verify", "--trusted-pem", certificateFile, file], {
    encoding: "utf8",
  });
  if (run.error) throw run.error;
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
};

const one = (xml: string, pattern: RegExp, what: string): string => {
  const match = pattern.exec(xml);
  if (!match?.[1]) throw new Error(`the XML has no ${what}`);
  return match[1];
};

/** The signer's certificate (`ds:X509Certificate`) as PEM. */
export const certificateFromXml = (xml: string): { pem: string; x509: X509Certificate } => {
  const base64 = one(xml, /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/, "ds:X509Certificate");
  const lines = base64.replace(/\s+/g, "").match(/.{1,64}/g) ?? [];
  const pem = `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
  return { pem, x509: new X509Certificate(pem) };
};

export const digestValueOf = (xml: string): string =>
  one(xml, /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/, "ds:DigestValue");

export const algorithmsOf = (xml: string): { signature: string; digest: string; c14n: string } => ({
  signature: one(xml, /<ds:SignatureMethod Algorithm="([^"]+)"/, "ds:SignatureMethod"),
  digest: one(xml, /<ds:DigestMethod Algorithm="([^"]+)"/, "ds:DigestMethod"),
  c14n: one(xml, /<ds:CanonicalizationMethod Algorithm="([^"]+)"/, "ds:CanonicalizationMethod"),
});

// ---------------------------------------------------------------------------------------------------------
// Read-back of the figures of a UBL Invoice (values kept as the exact strings printed).

const REPEATED = new Set([
  "cbc:Note",
  "cac:AdditionalDocumentReference",
  "cac:PaymentTerms",
  "cac:PrepaidPayment",
  "cac:AllowanceCharge",
  "cac:TaxSubtotal",
  "cac:InvoiceLine",
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => REPEATED.has(name),
});

type Node = any;

const text = (node: Node): string | undefined =>
  node === undefined || node === null ? undefined : typeof node === "object" ? node["#text"] : String(node);
const attr = (node: Node, name: string): string | undefined =>
  node && typeof node === "object" ? node[`@${name}`] : undefined;

export interface Amount {
  value: string | undefined;
  currency: string | undefined;
}
const amount = (node: Node): Amount => ({ value: text(node), currency: attr(node, "currencyID") });

export interface XmlSubtotal {
  taxable: string | undefined;
  tax: string | undefined;
  percent: string | undefined;
  exemptionReason: string | undefined;
}

const subtotals = (taxTotal: Node): Record<string, XmlSubtotal> =>
  Object.fromEntries(
    (taxTotal?.["cac:TaxSubtotal"] ?? []).map((s: Node) => [
      text(s["cac:TaxCategory"]?.["cac:TaxScheme"]?.["cbc:ID"]),
      {
        taxable: text(s["cbc:TaxableAmount"]),
        tax: text(s["cbc:TaxAmount"]),
        percent: text(s["cac:TaxCategory"]?.["cbc:Percent"]),
        exemptionReason: text(s["cac:TaxCategory"]?.["cbc:TaxExemptionReasonCode"]),
      },
    ]),
  );

const allowanceCharges = (list: Node[] | undefined) =>
  (list ?? []).map((c: Node) => ({
    charge: text(c["cbc:ChargeIndicator"]) === "true",
    reason: text(c["cbc:AllowanceChargeReasonCode"]),
    factor: text(c["cbc:MultiplierFactorNumeric"]),
    amount: text(c["cbc:Amount"]),
    currency: attr(c["cbc:Amount"], "currencyID"),
    base: text(c["cbc:BaseAmount"]),
  }));

export interface InvoiceFigures {
  id: string | undefined;
  issueDate: string | undefined;
  typeCode: string | undefined;
  operationType: string | undefined;
  currency: string | undefined;
  customer: { id: string | undefined; scheme: string | undefined; name: string | undefined };
  notes: { code: string | undefined; text: string | undefined }[];
  monetary: {
    lineExtension: Amount;
    taxInclusive: Amount;
    allowanceTotal: Amount;
    chargeTotal: Amount;
    prepaid: Amount;
    payable: Amount;
  };
  taxAmount: Amount;
  subtotals: Record<string, XmlSubtotal>;
  allowanceCharges: ReturnType<typeof allowanceCharges>;
  paymentTerms: {
    id: string | undefined;
    meansId: string | undefined;
    percent: string | undefined;
    amount: Amount;
    dueDate: string | undefined;
  }[];
  prepaidPayments: { id: string | undefined; amount: Amount }[];
  lines: {
    id: string | undefined;
    description: string | undefined;
    quantity: string | undefined;
    unitCode: string | undefined;
    lineExtension: Amount;
    taxAmount: string | undefined;
    subtotals: Record<string, XmlSubtotal>;
    allowanceCharges: ReturnType<typeof allowanceCharges>;
    priceAmount: string | undefined;
    referencePrice: { type: string | undefined; amount: string | undefined };
  }[];
}

/** Every figure the matrix reconciles, read from the XML text. */
export const readInvoice = (xml: string): InvoiceFigures => {
  const inv: Node = parser.parse(xml).Invoice;
  if (!inv) throw new Error("not a UBL Invoice document");
  const totals = inv["cac:LegalMonetaryTotal"] ?? {};
  const party = inv["cac:AccountingCustomerParty"]?.["cac:Party"] ?? {};
  const customerId = party["cac:PartyIdentification"]?.["cbc:ID"];
  return {
    id: text(inv["cbc:ID"]),
    issueDate: text(inv["cbc:IssueDate"]),
    typeCode: text(inv["cbc:InvoiceTypeCode"]),
    operationType: attr(inv["cbc:InvoiceTypeCode"], "listID"),
    currency: text(inv["cbc:DocumentCurrencyCode"]),
    customer: {
      id: text(customerId),
      scheme: attr(customerId, "schemeID"),
      name: text(party["cac:PartyLegalEntity"]?.["cbc:RegistrationName"]),
    },
    notes: (inv["cbc:Note"] ?? []).map((n: Node) => ({ code: attr(n, "languageLocaleID"), text: text(n) })),
    monetary: {
      lineExtension: amount(totals["cbc:LineExtensionAmount"]),
      taxInclusive: amount(totals["cbc:TaxInclusiveAmount"]),
      allowanceTotal: amount(totals["cbc:AllowanceTotalAmount"]),
      chargeTotal: amount(totals["cbc:ChargeTotalAmount"]),
      prepaid: amount(totals["cbc:PrepaidAmount"]),
      payable: amount(totals["cbc:PayableAmount"]),
    },
    taxAmount: amount(inv["cac:TaxTotal"]?.["cbc:TaxAmount"]),
    subtotals: subtotals(inv["cac:TaxTotal"]),
    allowanceCharges: allowanceCharges(inv["cac:AllowanceCharge"]),
    paymentTerms: (inv["cac:PaymentTerms"] ?? []).map((t: Node) => ({
      id: text(t["cbc:ID"]),
      meansId: text(t["cbc:PaymentMeansID"]),
      percent: text(t["cbc:PaymentPercent"]),
      amount: amount(t["cbc:Amount"]),
      dueDate: text(t["cbc:PaymentDueDate"]),
    })),
    prepaidPayments: (inv["cac:PrepaidPayment"] ?? []).map((p: Node) => ({
      id: text(p["cbc:ID"]),
      amount: amount(p["cbc:PaidAmount"]),
    })),
    lines: (inv["cac:InvoiceLine"] ?? []).map((l: Node) => {
      const ref = l["cac:PricingReference"]?.["cac:AlternativeConditionPrice"];
      return {
        id: text(l["cbc:ID"]),
        description: text(l["cac:Item"]?.["cbc:Description"]),
        quantity: text(l["cbc:InvoicedQuantity"]),
        unitCode: attr(l["cbc:InvoicedQuantity"], "unitCode"),
        lineExtension: amount(l["cbc:LineExtensionAmount"]),
        taxAmount: text(l["cac:TaxTotal"]?.["cbc:TaxAmount"]),
        subtotals: subtotals(l["cac:TaxTotal"]),
        allowanceCharges: allowanceCharges(l["cac:AllowanceCharge"]),
        priceAmount: text(l["cac:Price"]?.["cbc:PriceAmount"]),
        referencePrice: { type: text(ref?.["cbc:PriceTypeCode"]), amount: text(ref?.["cbc:PriceAmount"]) },
      };
    }),
  };
};
