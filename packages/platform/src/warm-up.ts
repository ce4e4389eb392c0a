import type { Logger } from "./logger.js";

/**
 * Runs a service's boot warm-up (its own hot path on built-in samples, so V8 has compiled it before the first real
 * document) and logs what it cost: wall and CPU milliseconds. Call it before the service takes work or answers
 * ready. A warm-up that fails only costs the first documents their speed, so it is logged, not fatal; its tests
 * are what keep the sample valid.
 */
export async function warmUp(
  logger: Logger,
  what: string,
  work: () => number | Promise<number>,
): Promise<void> {
  const startMs = performance.now();
  const startCpu = process.cpuUsage();
  try {
    const rounds = await work();
    const cpu = process.cpuUsage(startCpu);
    logger.info(
      {
        rounds,
        ms: Math.round(performance.now() - startMs),
        cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
      },
      `${what} warmed up`,
    );
  } catch (error) {
    logger.warn({ err: error }, `${what} warm-up failed; the first documents pay for it`);
  }
}
