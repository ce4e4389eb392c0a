import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { DocumentSchema } from "@einvoice/proto";

/** An accepted invoice F001-12 of 118.00 PEN, the subject of the service's specs; `fields` add to or replace its own. */
export function sampleDocument(fields: MessageInitShape<typeof DocumentSchema> = {}) {
  return create(DocumentSchema, {
    id: "doc_01JZ8X3P0A2B4C6D8E0F2G4H6J",
    object: "document",
    livemode: false,
    type: "01",
    series: "F001",
    number: 12,
    status: "accepted",
    issueDate: "2026-11-26",
    currency: "PEN",
    total: "118.00",
    ...fields,
  });
}
