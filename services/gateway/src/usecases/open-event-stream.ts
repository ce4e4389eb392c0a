import { type Client, Code, ConnectError } from "@connectrpc/connect";
import type { Scope } from "@einvoice/domain";
import type { Event, StreamService, SubscribeResponse } from "@einvoice/proto";

export interface EventStreamRequest {
  scope: Scope;
  /** `Last-Event-ID`: resume strictly after it; empty for now. */
  after: string;
  types: string[];
  documentId: string;
  /** Aborts the subscription (the client left). */
  signal: AbortSignal;
}

export interface OpenedEventStream {
  /** Where the client resumes from if nothing else arrives: the first message's `id`. */
  position: string;
  events: AsyncIterator<Event>;
}

const RETRY_PAUSE_MS = 250;

/**
 * Opens the caller's live event stream on the stream service and waits for its first answer (the resume
 * position), so a bad or expired `Last-Event-ID` is an HTTP error before any byte of the stream is sent. While
 * the stream service is restarting, the open is retried until `openTimeoutMs`: a client reconnecting after the
 * restart gets its stream, not a 503 that an EventSource would not retry.
 */
export class OpenEventStream {
  constructor(private readonly deps: { stream: Client<typeof StreamService>; openTimeoutMs: number }) {}

  async execute(request: EventStreamRequest): Promise<OpenedEventStream> {
    const giveUpAt = Date.now() + this.deps.openTimeoutMs;
    for (;;) {
      const attempt = new AbortController();
      const cancel = () => attempt.abort();
      request.signal.addEventListener("abort", cancel, { once: true });
      const iterator = this.subscribe(request, attempt.signal);
      try {
        const first = await withDeadline(iterator.next(), giveUpAt - Date.now());
        if (first.done || first.value.item.case !== "position")
          throw new ConnectError("the stream did not start with a position", Code.Internal);
        return { position: first.value.item.value, events: eventsOf(iterator) };
      } catch (error) {
        attempt.abort();
        request.signal.removeEventListener("abort", cancel);
        const retryable = error instanceof ConnectError && error.code === Code.Unavailable;
        if (!retryable || Date.now() + RETRY_PAUSE_MS >= giveUpAt || request.signal.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      }
    }
  }

  private subscribe(request: EventStreamRequest, signal: AbortSignal): AsyncIterator<SubscribeResponse> {
    return this.deps.stream
      .subscribe(
        { scope: request.scope, after: request.after, types: request.types, documentId: request.documentId },
        { signal },
      )
      [Symbol.asyncIterator]();
  }
}

async function* eventsOf(iterator: AsyncIterator<SubscribeResponse>): AsyncGenerator<Event> {
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      if (next.value.item.case === "event") yield next.value.item.value;
    }
  } finally {
    await iterator.return?.(undefined).catch(() => undefined);
  }
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ConnectError("the stream service did not answer in time", Code.DeadlineExceeded)),
      Math.max(0, ms),
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
