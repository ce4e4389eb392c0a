import type { DescService } from "@bufbuild/protobuf";
import type { Client, ConnectRouter } from "@connectrpc/connect";
import type { Logger } from "./logger.js";
import { createRpcClient, createRpcTransport } from "./rpc-client.js";
import { startRpcServer } from "./rpc-server.js";

/**
 * Runs a service's boot rehearsal (its real inbound stack end to end against throwaway targets, so V8 has compiled
 * the code only real traffic runs before the first real document) within `deadlineMs`, and logs what it cost. Call
 * it before the service answers ready. It never fails the boot: a rehearsal that throws or outlives its deadline is
 * logged and the service starts anyway; `work` is told through its signal to stop and clean up on its own.
 */
export async function rehearse(
  logger: Logger,
  what: string,
  deadlineMs: number,
  work: (signal: AbortSignal) => Promise<number>,
): Promise<void> {
  const startMs = performance.now();
  const startCpu = process.cpuUsage();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not done within ${deadlineMs} ms`)), deadlineMs);
  });
  const running = work(abort.signal);
  try {
    const rounds = await Promise.race([running, deadline]);
    const cpu = process.cpuUsage(startCpu);
    logger.info(
      {
        rounds,
        ms: Math.round(performance.now() - startMs),
        cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
      },
      `${what} rehearsed`,
    );
  } catch (error) {
    abort.abort();
    // Whatever the work still does after its deadline ends in its own cleanup; its failure is already told here.
    running.catch(() => undefined);
    logger.warn({ err: error }, `${what} rehearsal failed; the first documents pay for it`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Serves `routes` on the real Connect server on an ephemeral loopback port and hands `calls` a client over the real
 * HTTP/2 client transport, so both ends of the service's RPCs run as real calls do; closes both afterwards.
 */
export async function rehearseRpc<T extends DescService, R>(
  options: {
    service: T;
    name: string;
    routes: (router: ConnectRouter) => void;
    logger: Logger;
    timeoutMs: number;
  },
  calls: (client: Client<T>) => Promise<R>,
): Promise<R> {
  const server = await startRpcServer({
    service: options.name,
    host: "127.0.0.1",
    port: 0,
    routes: options.routes,
    logger: options.logger,
  });
  try {
    const transport = createRpcTransport(`http://127.0.0.1:${server.port}`, { timeoutMs: options.timeoutMs });
    return await calls(createRpcClient(options.service, transport));
  } finally {
    await server.close();
  }
}
