import type { JetStreamClient, PubAck } from "@nats-io/jetstream";
import type { z } from "zod";
import { type ConsumerDef, type schemas, subjects } from "./catalog.js";
import { publish } from "./publish.js";

/** A dead letter as stored on `dead.<durable>` (see `schemas.deadLetter`). */
export type DeadLetter = z.infer<typeof schemas.deadLetter>;

/** `dead.<durable>`: the subject a consumer's dead letters go to. */
export function deadLetterSubject(def: Pick<ConsumerDef<z.ZodType>, "durable">): string {
  return `${subjects.deadLetter.subject}.${def.durable}`;
}

/**
 * `<STREAM>:<seq>:<durable>`: one id per consumer and stream message, so every path and replica that parks the
 * same message (the failing handler, each replica's max-deliveries advisory) writes one dead letter; DEAD_LETTERS
 * drops the repeats inside its duplicate window.
 */
export function deadLetterMsgId(
  def: Pick<ConsumerDef<z.ZodType>, "durable" | "stream">,
  seq: number,
): string {
  return `${def.stream.name}:${seq}:${def.durable}`;
}

/** Copies a stream message that a consumer gave up on to `dead.<durable>`, deduplicated by stream sequence. */
export async function publishDeadLetter(
  js: JetStreamClient,
  def: Pick<ConsumerDef<z.ZodType>, "durable" | "stream">,
  letter: Omit<DeadLetter, "consumer">,
): Promise<PubAck> {
  return publish(
    js,
    subjects.deadLetter,
    { consumer: def.durable, ...letter },
    { msgId: deadLetterMsgId(def, letter.stream_sequence), subject: deadLetterSubject(def) },
  );
}
