import type { JsonValue } from "@bufbuild/protobuf";
import { injectContext, SpanKind, withSpan } from "@einvoice/platform";
import type { JetStreamClient, PubAck } from "@nats-io/jetstream";
import { natsHeaderSetter, newHeaders } from "./headers.js";
import type { PayloadCodec } from "./payload.js";

interface PublishOptions {
  /** Becomes `Nats-Msg-Id`: a republish inside the stream's duplicate window (relay restart, redelivery) is dropped. */
  msgId: string;
  /** The concrete subject of a family (`events.test.document.accepted`); default the definition's. */
  subject?: string;
  /** Metadata beside the payload (e.g. `COMPANY_HEADER` on events), never part of its contract. */
  headers?: Record<string, string>;
}

/** Publishes a payload as its strict-checked canonical JSON (see PayloadCodec). */
export async function publish<T>(
  js: JetStreamClient,
  def: { subject: string; payload: PayloadCodec<T> },
  payload: T,
  options: PublishOptions,
): Promise<PubAck> {
  return send(js, options.subject ?? def.subject, def.payload.encode(payload), options);
}

/** Publishes JSON encoded earlier (an outbox row), checked again against the subject's contract. */
export async function publishJson(
  js: JetStreamClient,
  def: { subject: string; payload: PayloadCodec<unknown> },
  json: unknown,
  options: PublishOptions,
): Promise<PubAck> {
  return send(js, options.subject ?? def.subject, def.payload.check(json), options);
}

/**
 * Publishes JSON this process encoded with `def.payload.encode` (so already strict-checked), e.g. an outbox row
 * handed over right after its commit: checking it a second time would only repeat the same work.
 */
export async function publishEncoded(
  js: JetStreamClient,
  def: { subject: string },
  json: JsonValue,
  options: PublishOptions,
): Promise<PubAck> {
  return send(js, options.subject ?? def.subject, json, options);
}

function send(js: JetStreamClient, subject: string, body: unknown, options: PublishOptions): Promise<PubAck> {
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
      for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
      injectContext(headers, natsHeaderSetter);
      return js.publish(subject, JSON.stringify(body), { msgID: options.msgId, headers });
    },
  );
}
