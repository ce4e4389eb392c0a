import {
  type ConnectionOptions,
  type NatsConnection,
  NatsConnectionImpl,
  setTransportFactory,
} from "@nats-io/transport-node";
import { NodeTransport, nodeResolveHost } from "@nats-io/transport-node/lib/node_transport.js";

/**
 * nats.js writes its outbound buffer to the socket once per microtask checkpoint, so every callback of one turn of
 * the event loop that acks, publishes or pulls (a store commit answered, a PubAck read, a timer) costs a write
 * syscall of its own here and a read in nats-server. This transport holds the socket's writes until the end of the
 * turn (`setImmediate` runs after the turn's I/O callbacks) and writes them as one. Order is kept (a corked socket
 * queues), and nothing waits longer than the current turn. nats.js's `close` destroys the socket at once, which would
 * drop what the cork holds: the transport writes that out first, as an uncorked socket would have.
 */
class CoalescingTransport extends NodeTransport {
  private holding = false;

  override send(frame: Uint8Array): void {
    const socket = this.socket;
    if (!this.holding && socket && !this.isClosed) {
      this.holding = true;
      socket.cork();
      setImmediate(() => {
        this.holding = false;
        socket.uncork();
      });
    }
    super.send(frame);
  }

  override close(err?: Error): Promise<void> {
    this.socket?.uncork();
    return super.close(err);
  }
}

/**
 * `connect` of @nats-io/transport-node, over the coalescing transport. nats.js keeps one transport factory per
 * process, used by reconnects too: a process that also connects with plain `connect` gives later reconnects the
 * plain transport (only slower; the services connect through this alone).
 */
export function connectCoalescing(options: ConnectionOptions): Promise<NatsConnection> {
  setTransportFactory({ factory: () => new CoalescingTransport(), dnsResolveFn: nodeResolveHost });
  return NatsConnectionImpl.connect(options);
}
