import type { Logger } from "./logger.js";
import { lowerPriority } from "./lower-priority.js";
import { assertNodeRuntime } from "./node-runtime.js";
import { useNodeTextEncoding } from "./protobuf-text.js";
import { startTelemetry } from "./telemetry.js";

type Closer = () => Promise<void> | void;

/**
 * Graceful shutdown: resources register a closer as they start; on SIGTERM/SIGINT they are closed in reverse
 * order (consumers stop before the broker connection, servers before stores), each bounded by a timeout.
 */
export class Lifecycle {
  private readonly closers: { name: string; close: Closer }[] = [];
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly logger: Logger,
    /** Per-closer timeout in milliseconds. */
    private readonly closeTimeoutMs = 10_000,
  ) {}

  /** Registers a closer and returns the resource, for fluent wiring. */
  add<T>(name: string, resource: T, close: (resource: T) => Promise<void> | void): T {
    this.closers.push({ name, close: () => close(resource) });
    return resource;
  }

  onShutdown(name: string, close: Closer): void {
    this.closers.push({ name, close });
  }

  /** Closes everything once, newest first. Later calls return the same promise. */
  shutdown(reason: string): Promise<void> {
    this.stopping ??= (async () => {
      this.logger.info({ reason }, "shutting down");
      for (const { name, close } of [...this.closers].reverse()) {
        try {
          await Promise.race([
            Promise.resolve(close()),
            new Promise((_, reject) =>
              setTimeout(() => reject(new Error("timeout")), this.closeTimeoutMs).unref(),
            ),
          ]);
        } catch (error) {
          this.logger.warn({ err: error, resource: name }, "close failed");
        }
      }
      this.logger.info("stopped");
    })();
    return this.stopping;
  }

  /** Wires SIGTERM/SIGINT to shutdown and exits when done; fatal errors exit non-zero. */
  installSignalHandlers(): void {
    const stop = (signal: string) => {
      void this.shutdown(signal).then(() => process.exit(0));
    };
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));
    process.on("unhandledRejection", (error) => {
      this.logger.fatal({ err: error }, "unhandled rejection");
      void this.shutdown("unhandledRejection").then(() => process.exit(1));
    });
  }
}

export interface RunServiceOptions {
  /**
   * The nice value (`NICENESS`) every thread of the service takes once `start` has finished: starting (the store,
   * the broker's topology, the ports) is not work to put off. Unset keeps the default priority.
   */
  niceness?: number;
}

type Start = (lifecycle: Lifecycle) => Promise<void>;

/**
 * Boots a service: checks the Node major, runs `start`, logs and exits 1 when either fails, then lowers its
 * priority if asked.
 */
export async function runService(logger: Logger, start: Start): Promise<void>;
export async function runService(logger: Logger, options: RunServiceOptions, start: Start): Promise<void>;
export async function runService(
  logger: Logger,
  ...args: [Start] | [RunServiceOptions, Start]
): Promise<void> {
  const [options, start] = args.length === 1 ? [{} as RunServiceOptions, args[0]] : args;
  const lifecycle = new Lifecycle(logger);
  lifecycle.installSignalHandlers();
  useNodeTextEncoding();
  try {
    assertNodeRuntime();
    // First registered, so closed last: spans of the shutdown itself are still exported.
    const telemetry = startTelemetry(logger.bindings().service ?? logger.bindings().name ?? "einvoice");
    if (telemetry) lifecycle.add("telemetry", telemetry, (t) => t.shutdown());
    await start(lifecycle);
  } catch (error) {
    logger.fatal({ err: error }, "failed to start");
    await lifecycle.shutdown("start failed");
    process.exit(1);
  }
  if (options.niceness !== undefined) lowerPriority(options.niceness);
}
