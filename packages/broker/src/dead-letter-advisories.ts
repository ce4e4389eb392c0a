import { extractContext, type Logger, SpanKind, withSpan } from "@einvoice/platform";
import type { JetStreamClient, JetStreamManager } from "@nats-io/jetstream";
import { JetStreamClientImpl } from "@nats-io/jetstream/internal";
import type { Msg, NatsConnection } from "@nats-io/transport-node";
import { context } from "@opentelemetry/api";
import { z } from "zod";
import type { ConsumerDef } from "./catalog.js";
import { deadLetterSubject, publishDeadLetter } from "./dead-letter.js";
import { natsHeaderGetter } from "./headers.js";

/**
 * Dead letters for messages whose last delivery ended without the handler deciding anything: the process
 * crashed, or the handler hung past ack-wait. The server then drops the message from the consumer and only
 * publishes a max-deliveries advisory (core NATS, not stored). Each running consumer listens for its own
 * advisory, reads the original message back from the stream by sequence and copies it to `dead.<durable>` with
 * the same `Nats-Msg-Id` the handler path uses, so replicas and paths that race produce one dead letter.
 */

export const MAX_DELIVERIES_REASON = "max deliveries reached without an ack (crash or ack-wait timeout)";

export class DeadLetterAdvisoryError extends Error {
  override readonly name = "DeadLetterAdvisoryError";
}

/** `io.nats.jetstream.advisory.v1.max_deliver`; only the fields used here. */
const maxDeliverAdvisory = z.object({
  stream: z.string(),
  consumer: z.string(),
  stream_seq: z.number().int().positive(),
  deliveries: z.number().int().nonnegative(),
});

type Def = ConsumerDef<unknown>;

/** `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.<STREAM>.<durable>` */
export function maxDeliveriesAdvisorySubject(def: Pick<Def, "durable" | "stream">): string {
  return `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${def.stream.name}.${def.durable}`;
}

export interface DeadLetterAdvisories {
  /** Unsubscribes and waits for copies in progress. */
  stop(): Promise<void>;
}

/**
 * Subscribes to the consumer's max-deliveries advisory. Resolves once the server has the subscription, so a
 * consumer started afterwards cannot exhaust a message unseen.
 */
export async function watchMaxDeliveries(
  js: JetStreamClient,
  def: Def,
  logger: Logger,
): Promise<DeadLetterAdvisories> {
  const nc = connectionOf(js);
  const jsm = await js.jetstreamManager(false);
  const log = logger.child({ consumer: def.durable, advisory: "max_deliveries" });
  const inFlight = new Set<Promise<void>>();

  const sub = nc.subscribe(maxDeliveriesAdvisorySubject(def), {
    callback: (error, msg) => {
      if (error) {
        log.error({ err: error }, "max-deliveries advisory subscription failed");
        return;
      }
      const task = copyToDeadLetters(js, jsm, def, msg, log).catch((err) =>
        // Nothing to retry from here: the advisory is not stored. Other replicas received it too.
        log.error({ err }, "dead letter from max-deliveries advisory failed"),
      );
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
    },
  });
  await nc.flush();

  return {
    stop: async () => {
      sub.unsubscribe();
      await Promise.allSettled([...inFlight]);
    },
  };
}

async function copyToDeadLetters(
  js: JetStreamClient,
  jsm: JetStreamManager,
  def: Def,
  msg: Msg,
  log: Logger,
): Promise<void> {
  const advisory = parseAdvisory(msg, def);
  const seq = advisory.stream_seq;
  const original = await jsm.streams.getMessage(def.stream.name, { seq });
  const parent = original ? extractContext(original.header, natsHeaderGetter) : context.active();
  await withSpan(
    "broker",
    `dead-letter ${deadLetterSubject(def)}`,
    {
      kind: SpanKind.INTERNAL,
      parent,
      attributes: {
        "messaging.system": "nats",
        "messaging.consumer.group.name": def.durable,
        "messaging.destination.name": deadLetterSubject(def),
        "messaging.delivery_count": advisory.deliveries,
        "messaging.nats.stream_sequence": seq,
      },
    },
    async () => {
      const ack = await publishDeadLetter(js, def, {
        subject: original?.subject ?? def.filterSubject,
        streamSequence: seq,
        deliveries: advisory.deliveries,
        error: original ? MAX_DELIVERIES_REASON : `${MAX_DELIVERIES_REASON}; message no longer in the stream`,
        payload: original?.string() ?? "",
      });
      if (!ack.duplicate)
        log.error({ seq, deliveries: advisory.deliveries }, "message dead-lettered after max deliveries");
    },
  );
}

function parseAdvisory(msg: Msg, def: Def): z.infer<typeof maxDeliverAdvisory> {
  let body: unknown;
  try {
    body = msg.json();
  } catch (error) {
    throw new DeadLetterAdvisoryError(`max-deliveries advisory is not JSON on ${msg.subject}`, {
      cause: error,
    });
  }
  const parsed = maxDeliverAdvisory.safeParse(body);
  if (!parsed.success)
    throw new DeadLetterAdvisoryError(`unexpected max-deliveries advisory: ${parsed.error.message}`);
  if (parsed.data.stream !== def.stream.name || parsed.data.consumer !== def.durable)
    throw new DeadLetterAdvisoryError(
      `advisory for ${parsed.data.stream}/${parsed.data.consumer} reached ${def.stream.name}/${def.durable}`,
    );
  return parsed.data;
}

/** The connection under a JetStream client (the public type does not expose it). */
function connectionOf(js: JetStreamClient): NatsConnection {
  if (js instanceof JetStreamClientImpl) return js.getConnection();
  throw new DeadLetterAdvisoryError("JetStream client does not expose its NATS connection");
}
