import { toBinary } from "@bufbuild/protobuf";
import { sampleSale } from "@einvoice/domain";
import { InvoiceRequestSchema } from "@einvoice/proto";
import type { RequestValidator } from "../schemas/validate.js";
import { invoiceRequestMessage } from "./invoice-request-message.js";

/** Create bodies checked at boot: enough for V8 to optimise the body checks and the request message. */
const ROUNDS = 2000;

/**
 * What a cold gateway pays on its first creates and a warm one does not (the body's shape check, its conversion to
 * the tax service's request message and that message's encoding run interpreted until V8 optimises them), paid at
 * boot instead: five-line sale bodies, each new, go the way a create's does up to the tax call. Pure: no store, no
 * call to another service. Call once, before listening; throws if a sample stops passing the shape check. Returns
 * the bodies checked.
 */
export function warmUpRequests(validator: RequestValidator, rounds = ROUNDS): number {
  for (let round = 0; round < rounds; round++) {
    const checked = validator.invoiceRequest(JSON.parse(JSON.stringify(sampleSale(round))));
    if (!checked.request)
      throw new Error(`the warm-up sample failed the shape check: ${JSON.stringify(checked.violations)}`);
    toBinary(InvoiceRequestSchema, invoiceRequestMessage(checked.request));
  }
  return rounds;
}
