import { createInbox, headers, type NatsConnection } from "@nats-io/transport-node";

/** Round trips at boot: enough for V8 to optimise the client's protocol parser and its publish and delivery paths. */
const ROUNDS = 1500;
/** Requests in flight at once, so socket reads carry several messages, as they do under load. */
const WINDOW = 16;
/** Deadline of each round trip, in ms. */
const TIMEOUT_MS = 5000;

/**
 * What a cold service's first messages pay and later ones do not: the NATS client's protocol parser, its header
 * codec, request and reply plumbing, and node's socket streams under them run interpreted until V8 optimises them.
 * Paid at boot instead over the service's own connection: requests with headers and a payload of a document's
 * size, answered by a subscription on a private inbox subject, the way a JetStream publish and its acknowledgement
 * travel. Core NATS only: nothing is stored and no stream or consumer sees it. Call once, before taking work.
 * Returns the round trips made.
 */
export async function warmUpBroker(nc: NatsConnection, rounds = ROUNDS): Promise<number> {
  const subject = createInbox();
  const body = new TextEncoder().encode(JSON.stringify({ sample: "x".repeat(2000) }));
  const acknowledgement = new TextEncoder().encode('{"stream":"WARM_UP","seq":1}');
  const responder = nc.subscribe(subject, {
    callback: (error, message) => {
      if (!error) message.respond(acknowledgement);
    },
  });
  try {
    for (let sent = 0; sent < rounds; sent += WINDOW) {
      await Promise.all(
        Array.from({ length: Math.min(WINDOW, rounds - sent) }, (_, n) => {
          const h = headers();
          h.set("Nats-Msg-Id", `warm-up-${sent + n}`);
          return nc.request(subject, body, { timeout: TIMEOUT_MS, headers: h }).then((reply) => {
            if (reply.data.length !== acknowledgement.length)
              throw new Error("the warm-up request came back with another answer");
          });
        }),
      );
    }
  } finally {
    responder.unsubscribe();
  }
  return rounds;
}
