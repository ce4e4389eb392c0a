import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.js";
import { warmUpRpc } from "./rpc-warm-up.js";

const openSockets = () =>
  process.getActiveResourcesInfo().filter((kind) => kind === "TCPSocketWrap" || kind === "TCPServerWrap")
    .length;

describe("warmUpRpc", () => {
  it("makes its health checks through a server and a client of the services' make, then closes the server and its connection", async () => {
    const before = openSockets();
    expect(await warmUpRpc("warm-up-test", createLogger("warm-up-test", "silent"), 5)).toBe(5);
    // The client's side of the connection closes once the server has gone away.
    for (let wait = 0; wait < 50 && openSockets() > before; wait++)
      await new Promise((r) => setTimeout(r, 20));
    expect(openSockets()).toBe(before);
  });
});
