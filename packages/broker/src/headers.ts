import { type MsgHdrs, headers as natsHeaders } from "@nats-io/transport-node";
import type { TextMapGetter, TextMapSetter } from "@opentelemetry/api";

/** OpenTelemetry carriers over NATS message headers: trace context travels beside the payload, not in it. */
export const natsHeaderSetter: TextMapSetter<MsgHdrs> = {
  set: (carrier, key, value) => carrier.set(key, value),
};
export const natsHeaderGetter: TextMapGetter<MsgHdrs | undefined> = {
  get: (carrier, key) => carrier?.get(key) || undefined,
  keys: (carrier) => (carrier ? [...carrier.keys()] : []),
};

export const newHeaders = (): MsgHdrs => natsHeaders();

/**
 * The company an `events.*` message belongs to. Events carry the public resource, which names no company; the
 * stream service needs it to serve each company only its own events.
 */
export const COMPANY_HEADER = "Einvoice-Company";
