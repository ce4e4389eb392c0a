import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { computedDocuments, issuers } from "@einvoice/contracts";
import { SAMPLE_INVOICE } from "@einvoice/domain";
import { type DocumentIssued, DocumentIssuedSchema } from "@einvoice/proto";
import { subjects } from "./catalog.js";

/** Round trips at boot: enough for V8 to optimise the generic codecs. */
const ROUNDS = 100;

/**
 * The domain's sample invoice as numbering announces it on documents.issued, its lines' descriptions new in each
 * round (so no string is only ever seen once). For boot warm-ups; not a real document.
 */
export function sampleIssued(round: number): DocumentIssued {
  const { issuer, computed } = SAMPLE_INVOICE;
  return create(DocumentIssuedSchema, {
    documentId: `doc_warm_up_${round}`,
    companyId: "cmp_warm_up",
    livemode: false,
    number: round + 1,
    issuer: issuers.toMessage(issuer),
    computed: computedDocuments.toMessage({
      ...computed,
      lines: computed.lines.map((line) => ({ ...line, description: `${line.description} ${round}` })),
    }),
  });
}

/**
 * What every service's first messages pay and later ones do not: the codecs every message goes through (proto3 JSON
 * to and from a message, the payload contracts' checks, protobuf's binary form on RPCs, the domain contracts) run
 * interpreted until V8 optimises them. Those codecs are generic (one code path for every message type), so running
 * the largest message, a five-line documents.issued, both ways warms them for all. Pure: no broker, no store. Call
 * once at boot, before taking work; throws if the sample stops passing its contract. Returns the round trips made.
 */
export function warmUpCodecs(rounds = ROUNDS): number {
  const payload = subjects.documentIssued.payload;
  for (let round = 0; round < rounds; round++) {
    const message = sampleIssued(round);
    const received = payload.decode(JSON.parse(JSON.stringify(payload.encode(message))));
    const overRpc = fromBinary(DocumentIssuedSchema, toBinary(DocumentIssuedSchema, received));
    issuers.fromMessage(overRpc.issuer, "issuer");
    if (
      computedDocuments.fromMessage(overRpc.computed, "computed").lines.length !==
      message.computed?.lines.length
    )
      throw new Error("the warm-up sample lost lines on its round trip");
  }
  return rounds;
}
