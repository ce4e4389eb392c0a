import type { Store } from "@einvoice/store";
import type { LeanVerifier } from "@einvoice/ubl";
import type { CallCounters } from "../adapters/call-counters.js";
import type { CdrIssuer } from "../adapters/cdr-issuer.js";
import type { GreTokens } from "../adapters/gre-tokens.js";
import type { Registry } from "../adapters/registry.js";
import type { Tickets } from "../adapters/tickets.js";
import type { XsdValidator } from "../adapters/xsd-validator.js";
import type { Delivery } from "./knob-delivery.js";

/** Everything the endpoints share; built once per simulator by `createSimulator`. */
export interface SimulatorContext extends Delivery {
  store: Store;
  registry: Registry;
  counters: CallCounters;
  tickets: Tickets;
  greTokens: GreTokens;
  cdrs: CdrIssuer;
  /** Checks received signatures; one per simulator, so its certificate cache serves every sender. */
  signatures: LeanVerifier;
  /** Undefined when `SIM_XSD_DIR` is not set: no XSD validation. */
  xsd: XsdValidator | undefined;
  clock: () => Date;
  /** Configured GRE clients; undefined = any non-empty client_id/secret pair. */
  greClients: ReadonlyMap<string, string> | undefined;
  greTokenTtlSeconds: number;
}
