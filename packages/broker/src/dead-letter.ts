import { create } from "@bufbuild/protobuf";
import { metrics } from "@einvoice/platform";
import { type DeadLetter, DeadLetterSchema } from "@einvoice/proto";
import type { JetStreamClient, PubAck } from "@nats-io/jetstream";
import { type ConsumerDef, subjects } from "./catalog.js";
import { publish } from "./publish.js";

export type { DeadLetter };

/** The fields of a dead letter (the message without protobuf's bookkeeping). */
export type DeadLetterFields = Pick<
  DeadLetter,
  "consumer" | "subject" | "streamSequence" | "deliveries" | "error" | "payload"
>;

/** `dead.<durable>`: the subject a consumer's dead letters go to. */
export function deadLetterSubject(def: Pick<ConsumerDef<unknown>, "durable">): string {
  return `${subjects.deadLetter.subject}.${def.durable}`;
}

/**
 * `<STREAM>:<seq>:<durable>`: one id per consumer and stream message, so every path and replica that parks the
 * same message (the failing handler, each replica's max-deliveries advisory) writes one dead letter; DEAD_LETTERS
 * drops the repeats inside its duplicate window.
 */
export function deadLetterMsgId(def: Pick<ConsumerDef<unknown>, "durable" | "stream">, seq: number): string {
  return `${def.stream.name}:${seq}:${def.durable}`;
}

/** Copies a stream message that a consumer gave up on to `dead.<durable>`, deduplicated by stream sequence. */
export async function publishDeadLetter(
  js: JetStreamClient,
  def: Pick<ConsumerDef<unknown>, "durable" | "stream">,
  letter: Omit<DeadLetterFields, "consumer">,
): Promise<PubAck> {
  const ack = await publish(
    js,
    subjects.deadLetter,
    create(DeadLetterSchema, { consumer: def.durable, ...letter }),
    { msgId: deadLetterMsgId(def, letter.streamSequence), subject: deadLetterSubject(def) },
  );
  // Replicas and paths that race publish the same letter; the stream keeps one, and so does the count.
  if (!ack.duplicate) metrics.deadLetters.inc({ consumer: def.durable });
  return ack;
}
