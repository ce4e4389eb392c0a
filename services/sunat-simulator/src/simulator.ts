import { setTimeout as delay } from "node:timers/promises";
import type { Logger } from "@einvoice/platform";
import type { CollectionSpec, Store } from "@einvoice/store";
import { LeanVerifier, type SigningCredentials, type XmlSigner } from "@einvoice/ubl";
import { CallCounters } from "./adapters/call-counters.js";
import { CdrIssuer } from "./adapters/cdr-issuer.js";
import { GreTokens, greTokensCollection } from "./adapters/gre-tokens.js";
import { Registry, registrationsCollection } from "./adapters/registry.js";
import { Tickets, ticketsCollection } from "./adapters/tickets.js";
import type { XsdValidator } from "./adapters/xsd-validator.js";
import { KnobResolver, type Knobs, ScenarioBook } from "./domain/index.js";
import type { SimulatorContext } from "./http/context.js";
import { type SimulatorServer, startSimulatorServer } from "./http/server.js";

/** Every collection the simulator uses; `store.ensure` them before starting. */
export const simulatorCollections: CollectionSpec[] = [
  registrationsCollection,
  ticketsCollection,
  greTokensCollection,
];

export interface SimulatorOptions {
  host: string;
  port: number;
  store: Store;
  logger: Logger;
  /** Signs the CDRs, as SUNAT signs them with its own certificate. */
  signer: XmlSigner;
  sunatCredentials: SigningCredentials;
  /** Standing knobs (from the environment); default all off. */
  knobs?: Knobs;
  /** Source of the knobs' rolls; default Math.random. Tests pass a constant, SIM_RANDOM_SEED a seeded one. */
  random?: () => number;
  clock?: () => Date;
  /** Waits `latency_ms`; tests may replace it. */
  sleep?: (ms: number) => Promise<void>;
  xsd?: XsdValidator;
  greClients?: ReadonlyMap<string, string>;
  /** Default 3600. */
  greTokenTtlSeconds?: number;
}

export interface Simulator extends SimulatorServer {
  scenarios: ScenarioBook;
}

/** Wires one simulator (its own scenarios, resolver and services) and starts its HTTP server. */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const { store } = options;
  await store.ensure(simulatorCollections);
  const clock = options.clock ?? (() => new Date());
  const scenarios = new ScenarioBook();
  const context: SimulatorContext = {
    store,
    registry: new Registry(store),
    counters: new CallCounters(store.counters),
    tickets: new Tickets(store),
    greTokens: new GreTokens(store),
    cdrs: new CdrIssuer(options.signer, options.sunatCredentials, clock),
    signatures: new LeanVerifier(),
    xsd: options.xsd,
    clock,
    greClients: options.greClients,
    greTokenTtlSeconds: options.greTokenTtlSeconds ?? 3600,
    resolver: new KnobResolver(options.knobs ?? {}, scenarios, options.random ?? Math.random),
    sleep: options.sleep ?? ((ms) => (ms > 0 ? delay(ms) : Promise.resolve())),
    logger: options.logger,
  };
  const server = await startSimulatorServer({
    host: options.host,
    port: options.port,
    context,
    scenarios,
    ready: () => store.ping(),
  });
  return { ...server, scenarios };
}
