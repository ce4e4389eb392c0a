import { subjects } from "@einvoice/broker";
import { connect, type NatsConnection } from "@nats-io/transport-node";

/**
 * When each document was accepted, as seen from outside the services: the `document.accepted` events. With the
 * NATS URL (a system this process started) it listens on `events.test.document.accepted` directly; attached to
 * a system with only its public API, it opens one event stream (`GET /v1/events/stream`) per API key, which
 * adds that stream's work to the figures (said in the report).
 *
 * On NATS it also sees when each document's PDFs are made (`documents.rendered`, the renderer's message to
 * numbering): what a run with PDFs sustains is the rate at which documents are finished, PDFs included. Through the
 * public API that moment is not visible, and `rendered` stays empty.
 */
export interface AcceptanceWatcher {
  readonly via: "nats" | "sse";
  /** performance.now() of the acceptance of each document id seen so far. */
  readonly accepted: Map<string, number>;
  /** performance.now() at which each document's A4 PDF was stored (the ticket waits for a request); only when `seesPdfs`. */
  readonly rendered: Map<string, number>;
  readonly seesPdfs: boolean;
  /** Resolves at the next acceptance or after `ms`. */
  next(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** The document id of an event on NATS (protobuf JSON: `data.document`) or on the API (`data.object`). */
function documentIdOf(event: { data?: { document?: { id?: string }; object?: { id?: string } } }) {
  return event.data?.object?.id ?? event.data?.document?.id;
}

class Waiters {
  private pending: (() => void)[] = [];
  wake() {
    for (const resolve of this.pending.splice(0)) resolve();
  }
  next(ms: number) {
    return new Promise<void>((resolve) => {
      this.pending.push(resolve);
      setTimeout(resolve, ms);
    });
  }
}

export async function watchAcceptances(source: {
  natsUrl?: string;
  baseUrl: string;
  keys: string[];
}): Promise<AcceptanceWatcher> {
  const accepted = new Map<string, number>();
  const rendered = new Map<string, number>();
  const waiters = new Waiters();
  const record = (times: Map<string, number>, id: string | undefined) => {
    if (id && !times.has(id)) times.set(id, performance.now());
    waiters.wake();
  };
  const seen = (id: string | undefined) => record(accepted, id);
  const watcher = (via: AcceptanceWatcher["via"], close: () => Promise<void>): AcceptanceWatcher => ({
    via,
    accepted,
    rendered,
    seesPdfs: via === "nats",
    next: (ms) => waiters.next(ms),
    close,
  });
  if (source.natsUrl) {
    const nc: NatsConnection = await connect({ servers: source.natsUrl });
    const sub = nc.subscribe("events.test.document.accepted");
    void (async () => {
      for await (const message of sub) seen(documentIdOf(message.json()));
    })();
    const pdfs = nc.subscribe(subjects.documentRendered.subject);
    void (async () => {
      // Protobuf JSON with the proto's field names, as every message on the broker.
      for await (const message of pdfs)
        record(rendered, message.json<{ document_id?: string }>().document_id);
    })();
    await nc.flush();
    return watcher("nats", () => nc.close());
  }
  const controllers = await Promise.all(source.keys.map((key) => openStream(source.baseUrl, key, seen)));
  return watcher("sse", async () => {
    for (const controller of controllers) controller.abort();
  });
}

async function openStream(baseUrl: string, key: string, seen: (id: string | undefined) => void) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/v1/events/stream`, {
    headers: { authorization: `Bearer ${key}` },
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`GET /v1/events/stream answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: document\.accepted$/m.test(message)) {
            const data = /^data: (.*)$/m.exec(message)?.[1];
            if (data) seen(documentIdOf(JSON.parse(data)));
          }
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  return controller;
}
