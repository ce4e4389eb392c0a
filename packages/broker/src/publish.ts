import { injectContext, SpanKind, withSpan } from "@einvoice/platform";
import type { JetStreamClient, PubAck } from "@nats-io/jetstream";
import type { z } from "zod";
import { natsHeaderSetter, newHeaders } from "./headers.js";

/**
 * Publishes a JSON payload after checking it against the subject's schema. `msgId` becomes `Nats-Msg-Id`, so a
 * republish inside the stream's duplicate window (a relay restart, a redelivered handler) is dropped.
 */
export async function publish<S extends z.ZodType>(
  js: JetStreamClient,
  def: { subject: string; schema: S },
  payload: z.infer<S>,
  options: { msgId: string; subject?: string },
): Promise<PubAck> {
  const subject = options.subject ?? def.subject;
  const body = def.schema.parse(payload);
  return withSpan(
    "broker",
    `send ${subject}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: { "messaging.system": "nats", "messaging.destination.name": subject },
    },
    async () => {
      const headers = newHeaders();
      headers.set("content-type", "application/json");
      injectContext(headers, natsHeaderSetter);
      return js.publish(subject, JSON.stringify(body), { msgID: options.msgId, headers });
    },
  );
}
