import {
  buildCdrXml,
  buildSendBillEnvelope,
  buildSendBillResponse,
  FAST_DEFLATE,
  parseSoapResponse,
  zipDocument,
} from "@einvoice/sunat";
import { interpretSendBill } from "./domain/interpret-response.js";

/** Documents sent and answered at boot: enough for V8 to optimise the zip, SOAP and CDR code. */
const ROUNDS = 1000;

/**
 * What a cold submission pays on its first documents and a warm one does not (the zip writer, the SOAP envelope,
 * the response and CDR readers and their interpretation run interpreted until V8 optimises them), paid at boot
 * instead: a sample document is zipped and wrapped as sendBill does, and SUNAT's answer to it, an accepting CDR built
 * here, is read and interpreted as a real one is. Nothing leaves the process: no SUNAT, store, object store or
 * broker. Call once, before taking work; throws if the sample stops reading as accepted. Returns the rounds made.
 */
export async function warmUpSubmission(rounds = ROUNDS): Promise<number> {
  for (let round = 0; round < rounds; round++) {
    const reference = `F001-${round + 1}`;
    const fileName = `20123456786-01-${reference}`;
    const zip = await zipDocument(`${fileName}.zip`, sampleDocument(reference), FAST_DEFLATE);
    buildSendBillEnvelope({
      username: "20123456786MODDATOS",
      password: "moddatos",
      fileName: `${fileName}.zip`,
      zipBase64: zip.toString("base64"),
    });
    const cdr = buildCdrXml({
      id: String(1_700_000_000_000 + round),
      issueDate: "2025-03-14",
      issueTime: "10:15:00",
      responseDate: "2025-03-14",
      responseTime: "10:15:01",
      receiverRuc: "20123456786",
      recipientId: "6-20600000005",
      referenceId: reference,
      documentId: reference,
      responseCode: "0",
      description: `La Factura numero ${reference}, ha sido aceptada`,
    });
    const answer = buildSendBillResponse((await zipDocument(`R-${fileName}.zip`, cdr)).toString("base64"));
    const result = interpretSendBill(parseSoapResponse(answer));
    if (result.kind !== "verdict" || result.outcome !== "accepted")
      throw new Error(`the warm-up sample was not read as accepted: ${JSON.stringify(result)}`);
  }
  return rounds;
}

/** A signed invoice's size and shape (about 8 KB of UBL), enough for the zip and base64 paths. */
function sampleDocument(reference: string): string {
  const line = (n: number) =>
    `<cac:InvoiceLine><cbc:ID>${n}</cbc:ID><cbc:InvoicedQuantity unitCode="NIU">${n + 1}</cbc:InvoicedQuantity>` +
    `<cbc:LineExtensionAmount currencyID="PEN">${(n + 1) * 100}.00</cbc:LineExtensionAmount>` +
    `<cac:Item><cbc:Description>Artículo ${n} del pedido ${reference}</cbc:Description></cac:Item></cac:InvoiceLine>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">' +
    `<cbc:ID>${reference}</cbc:ID>${Array.from({ length: 25 }, (_, n) => line(n)).join("")}</Invoice>`
  );
}
