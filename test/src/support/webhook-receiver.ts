import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  headers: Record<string, string>;
  body: string;
}

/** A local HTTP receiver that keeps every request it gets and answers `status`. */
export async function startReceiver(status = 200): Promise<{
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(status).end(status === 204 ? undefined : "ok");
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
