import type { ConnectRouter } from "@connectrpc/connect";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { sampleSale } from "@einvoice/domain";
import { TaxService } from "@einvoice/proto";

/** Batches computed at boot, of BATCH invoices each: enough for V8 to optimise the engine and its codecs. */
const ROUNDS = 200;
const BATCH = 8;

/**
 * What a cold tax service pays on its first documents and a warm one does not (the contracts' validators compiled,
 * the protobuf codecs and the engine interpreted until V8 optimises them), paid at boot instead: batches of
 * five-line invoices, each line new, go through the service's own routes over an in-memory transport (the same
 * handlers and codecs as a call from the gateway, without a socket). Pure: the service has no store. Call once,
 * before answering ready; throws if a sample stops computing. Returns the documents computed.
 */
export async function warmUpTax(routes: (router: ConnectRouter) => void, rounds = ROUNDS): Promise<number> {
  const client = createClient(TaxService, createRouterTransport(routes));
  let computed = 0;
  for (let round = 0; round < rounds; round++) {
    const { results } = await client.computeDocuments({
      items: Array.from({ length: BATCH }, (_, n) => ({
        type: n % 4 === 3 ? "03" : "01",
        request: sampleRequest(round * BATCH + n),
      })),
    });
    for (const result of results) {
      if (result.outcome.case !== "document")
        throw new Error(`the warm-up sample did not compute: ${JSON.stringify(result.outcome.value)}`);
      computed++;
    }
  }
  return computed;
}

/** The domain's sample sale as the gateway sends it (the tax request message's fields). */
function sampleRequest(i: number) {
  const sale = sampleSale(i);
  return {
    series: i % 4 === 3 ? "B001" : sale.series,
    customer: {
      documentType: sale.customer.document_type,
      documentNumber: sale.customer.document_number,
      name: sale.customer.name,
    },
    items: sale.items.map((item) => ({
      description: item.description,
      quantity: String(item.quantity),
      unitPrice: item.unit_price,
    })),
  };
}
