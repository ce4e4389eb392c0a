import type { ComputedDocument, Issuer } from "@einvoice/domain";
import { Decimal } from "decimal.js";

/** The parts of a document SUNAT's QR carries. */
export interface QrSource {
  issuer: Pick<Issuer, "ruc">;
  computed: Pick<ComputedDocument, "type" | "series" | "issue_date" | "customer" | "amounts">;
  number: number;
  hash: string;
}

const plain2 = (amount: string) => new Decimal(amount).toFixed(2, Decimal.ROUND_HALF_UP);

/**
 * SUNAT's QR text for an invoice or receipt (RS 155-2017/SUNAT, on the printed representation since 2018):
 * `RUC|TIPO|SERIE|NUMERO|IGV|TOTAL|FECHA|TIPODOC|NUMDOC|HASH|`.
 *
 * - NUMERO as in the XML `cbc:ID` (no leading zeros), so a reader can match the QR to the file.
 * - IGV is the IGV total (scheme 1000) only: IVAP is another tax, and exports carry none, so both print `0.00`.
 * - TOTAL is the payable amount (`PayableAmount`), the document's total; a perception is collected on top of it
 *   and is not part of the document's total.
 * - FECHA is `YYYY-MM-DD`. TIPODOC/NUMDOC are the customer's catalog-06 type and number as in the XML (an
 *   anonymous receipt carries `0` and `-`).
 * - HASH is the `ds:DigestValue`, base64, followed by the closing `|`.
 */
export function sunatQrPayload(source: QrSource): string {
  const { issuer, computed, number, hash } = source;
  const fields = [
    issuer.ruc,
    computed.type,
    computed.series,
    String(number),
    plain2(computed.amounts.igv),
    plain2(computed.amounts.total),
    computed.issue_date,
    computed.customer.document_type,
    computed.customer.document_number,
    hash,
  ];
  fields.forEach((field, i) => {
    if (field.includes("|")) throw new RangeError(`QR field ${i + 1} contains the separator "|": ${field}`);
  });
  return `${fields.join("|")}|`;
}
