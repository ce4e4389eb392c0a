import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from "@nats-io/jetstream";
import { type NatsConnection, nanos } from "@nats-io/transport-node";
import {
  consumers as allConsumers,
  streams as allStreams,
  type ConsumerDef,
  retiredConsumers,
  type StreamDef,
} from "./catalog.js";
import { connectCoalescing } from "./coalescing-transport.js";

export interface Broker {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** Drains the connection: pending publishes flush, subscriptions end. */
  close(): Promise<void>;
  ping(): Promise<void>;
}

export interface BrokerOptions {
  /** `nats://127.0.0.1:4222`, comma-separated for a cluster. */
  url: string;
  /** Connection name shown by the server (the service name). */
  name: string;
}

export async function connectBroker(options: BrokerOptions): Promise<Broker> {
  const nc = await connectCoalescing({
    servers: options.url.split(","),
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // nats.js otherwise builds two Error objects (stack captured) per request, JetStream publishes included, in
    // case it fails, a cost bench/publish.ts shows on every publish. A failed request still rejects with its
    // typed error; only the caller's frames are missing from its stack, and our logs and spans name the subject.
    noAsyncTraces: true,
  });
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  return {
    nc,
    js,
    jsm,
    close: async () => {
      if (!nc.isClosed()) await nc.drain();
    },
    ping: async () => {
      await nc.flush();
    },
  };
}

export const isNotFound = (error: unknown): boolean =>
  error instanceof JetStreamApiError && error.status === 404;

/** How the streams are laid out on the servers: configuration, not catalog (one server locally, three in a cluster). */
export interface TopologyOptions {
  /** Copies of each stream kept by the cluster (its consumers follow). 1 on a single server. Default 1. */
  replicas?: number;
}

/** Creates or updates a stream to match its catalog definition. Idempotent; safe from every service. */
export async function ensureStream(
  jsm: JetStreamManager,
  def: StreamDef,
  options: TopologyOptions = {},
): Promise<void> {
  const config = {
    name: def.name,
    num_replicas: options.replicas ?? 1,
    subjects: def.subjects,
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: nanos(def.maxAgeMs),
    duplicate_window: nanos(def.duplicateWindowMs),
  };
  try {
    await jsm.streams.info(def.name);
    await jsm.streams.update(def.name, config);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await jsm.streams.add(config);
  }
}

/** Creates or updates a durable pull consumer to match its catalog definition. */
export async function ensureConsumer(jsm: JetStreamManager, def: ConsumerDef<unknown>): Promise<void> {
  const config = {
    durable_name: def.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: def.filterSubject,
    ack_wait: nanos(def.ackWaitMs),
    max_deliver: def.maxDeliver,
    max_ack_pending: 1000,
  };
  try {
    await jsm.consumers.info(def.stream.name, def.durable);
    const { durable_name: _name, deliver_policy: _deliver, ...updatable } = config;
    await jsm.consumers.update(def.stream.name, def.durable, updatable);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await jsm.consumers.add(def.stream.name, config);
  }
}

/**
 * Declares every stream and the given consumers (a service declares the consumers it reads), and deletes the
 * catalog's retired consumers.
 */
export async function ensureTopology(
  jsm: JetStreamManager,
  consumers: ConsumerDef<unknown>[] = Object.values(allConsumers),
  options: TopologyOptions = {},
): Promise<void> {
  for (const stream of Object.values(allStreams)) await ensureStream(jsm, stream, options);
  for (const consumer of consumers) await ensureConsumer(jsm, consumer);
  for (const { stream, durable } of retiredConsumers) {
    // Another service may have deleted it first.
    await jsm.consumers.delete(stream, durable).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
  }
}
