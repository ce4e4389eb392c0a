/** One server-sent event: its fields as sent (comments and `retry:` are dropped). */
export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
}

/** Splits a text/event-stream body into messages, across chunk boundaries. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, "\n");
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const message: SseMessage = {};
      for (const line of buffer.slice(0, end).split("\n")) {
        const match = /^(id|event|data): ?(.*)$/.exec(line);
        if (!match) continue;
        const field = match[1] as keyof SseMessage;
        message[field] =
          field === "data" && message.data !== undefined ? `${message.data}\n${match[2]}` : match[2];
      }
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      if (message.id !== undefined || message.data !== undefined) yield message;
    }
  }
}
