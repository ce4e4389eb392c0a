import { type NatsServerHandle, startNatsServer } from "@einvoice/testkit";
import { afterAll, beforeAll } from "vitest";
import { type Broker, connectBroker, ensureTopology } from "../src/broker.js";

/**
 * A nats-server of its own for the enclosing `describe`, and a broker connected to it with the catalog's streams;
 * both stopped after it. Read `broker` inside tests (it is made in `beforeAll`).
 */
export function brokerOnNats(name: string): { readonly broker: Broker } {
  let nats: NatsServerHandle | undefined;
  let broker: Broker | undefined;
  beforeAll(async () => {
    nats = await startNatsServer();
    broker = await connectBroker({ url: nats.url, name });
    await ensureTopology(broker.jsm, []);
  });
  afterAll(async () => {
    await broker?.close();
    await nats?.stop();
  });
  return {
    get broker() {
      if (!broker) throw new Error("the broker is made in beforeAll: read it inside a test");
      return broker;
    },
  };
}
