import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { type LoadResult, PACED_SETTLE_MS, settledText } from "./load.js";
import type { E2eRun, Floor, SuiteResults } from "./results.js";
import { fmt, percentile } from "./stats.js";
import { NOT_OURS, PROCESSES } from "./system-under-test.js";

export const START_MARK = "<!-- bench:start -->";
export const END_MARK = "<!-- bench:end -->";

const table = (head: string[], rows: string[][]) =>
  [
    `| ${head.join(" | ")} |`,
    `| ${head.map((_, i) => (i === 0 ? "---" : "---:")).join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");

const median = (values: number[]) => percentile(values, 50);
const pair = (a: number, b: number, digits = 0) => `${fmt(a, digits)} / ${fmt(b, digits)}`;
const ratio = (value: number | undefined, floor: number | undefined) =>
  value === undefined || floor === undefined || !Number.isFinite(value) || floor <= 0
    ? "—"
    : `${fmt(value / floor, 1)}×`;

/** Tax + XML + signature + zip: what our services must do per document at the least, PDFs apart. */
export const floorMs = (f: Floor, pdf: boolean) =>
  f.tax + f.build + f.sign + f.zip + (pdf ? (f.pdf ?? 0) : 0);

/** CPU ms per document summed over our services (the simulator and NATS apart); undefined if any is unreadable. */
export function oursMs(r: LoadResult): number | undefined {
  let sum = 0;
  for (const [name, ms] of r.cpuMs) {
    if (NOT_OURS.has(name)) continue;
    if (ms === undefined) return undefined;
    sum += ms;
  }
  return r.cpuMs.size ? sum : undefined;
}

/**
 * Cold ÷ warm CPU per document, over our services and per process (every process whose CPU both runs read, at 0.1 ms or more warm; the
 * simulator and NATS included, apart from the sum): how much more a freshly started system pays for the same load.
 */
export function coldOverWarm(
  cold: LoadResult,
  warm: LoadResult,
): { ours?: number; perProcess: Map<string, number> } {
  const perProcess = new Map<string, number>();
  for (const [name, coldMs] of cold.cpuMs) {
    const warmMs = warm.cpuMs.get(name);
    // A process that does next to nothing per document (the stream) would print a ratio of rounding noise.
    if (coldMs !== undefined && warmMs !== undefined && warmMs >= 0.1) perProcess.set(name, coldMs / warmMs);
  }
  const coldOurs = oursMs(cold);
  const warmOurs = oursMs(warm);
  return {
    ours: coldOurs !== undefined && warmOurs !== undefined && warmOurs > 0 ? coldOurs / warmOurs : undefined,
    perProcess,
  };
}

const machine = (r: LoadResult) =>
  r.machine ? `${fmt(r.machine.busy * 100, 0)} % / ${fmt(r.machine.steal * 100, 1)} %` : "—";

const failures = (r: LoadResult) => {
  const entries = Object.entries(r.failures);
  const failed = entries.length ? entries.map(([k, v]) => `${v}× ${k}`).join(", ") : "0";
  return r.ticketRetries
    ? `${failed} (${r.ticketRetries} ticket requests retried after Retry-After)`
    : failed;
};

/** The Markdown of one run: machine, floor, then each measured figure with its ratio to the floor. */
export function renderMarkdown(s: SuiteResults, cores: number): string {
  const out: string[] = [];
  const m = s.machine;
  out.push(
    "## Latest `npm run bench`",
    "",
    `Measured ${m.date} on ${m.cpu} (${m.cores} cores, ${m.ramGb} GB RAM), Node ${m.node}, commit \`${m.commit}\`` +
      `${m.dirty ? " with uncommitted changes in the tree" : ""}; load average when it started: ${m.load || "unknown"}` +
      ` (the machine is shared: compare ratios within this run, not absolute figures across runs). ${s.system}` +
      ` Acceptance is seen ${s.acceptanceVia}. The whole run took ${fmt(s.seconds / 60, 1)} min.`,
    "",
  );
  if (s.unfinished) out.push(`**This run is not complete: ${s.unfinished}.** Parts not reached say so.`, "");
  const f = s.floor;
  out.push(
    "### In-process floor per five-line invoice (ms, one thread)",
    "",
    "Each step is the lower of its CPU time per operation and its wall-time median (`bench/build-sign.ts`, the PDF " +
      "benchmark): on a loaded machine the first counts V8's helper threads and the second preemption.",
    "",
  );
  if (f) {
    out.push(
      table(
        ["step", "ms"],
        [
          ["tax engine (compute the document)", fmt(f.tax, 2)],
          ["UBL XML build", fmt(f.build, 2)],
          ["signature (lean signer)", fmt(f.sign, 2)],
          ["zip (level 9)", fmt(f.zip, 2)],
          ["**floor, PDF apart** (tax + XML + signature + zip)", `**${fmt(floorMs(f, false), 2)}**`],
          ["PDF (A4, made for every document)", fmt(f.pdf, 2)],
          ["**floor with the PDF**", `**${fmt(floorMs(f, true), 2)}**`],
          ["80 mm ticket (made when first asked for; not in the floor)", fmt(f.ticket, 2)],
          ["the simulator's signature verification (lean verifier)", fmt(f.verify, 2)],
        ],
      ),
      "",
      `Ideal throughput on ${cores} cores = ${cores} × 1000 / (floor + the simulator's verification): ` +
        `${fmt((cores * 1000) / (floorMs(f, false) + f.verify), 0)} documents/s PDF apart, ` +
        `${fmt((cores * 1000) / (floorMs(f, true) + f.verify), 0)} with the PDFs.`,
      "",
    );
  } else out.push(`Not available: ${s.floorError}.`, "");

  out.push("### End to end, create → accepted (five-line invoices, no `Prefer`)", "");
  const ideal = (pdf: boolean) => (f ? (cores * 1000) / (floorMs(f, pdf) + f.verify) : undefined);
  out.push(
    table(
      [
        "run",
        "clients",
        "companies",
        "PDF",
        "documents",
        "documents/s",
        "of the ideal",
        "with their PDFs, documents/s",
        "create p50 / p99 ms",
        "create → accepted p50 / p99 ms",
        "CPU ms per document, our services",
        "× floor",
        "machine busy / steal",
        "failures",
      ],
      s.e2e.map((run) => [
        run.label,
        run.rate === undefined ? String(run.clients) : `paced ${fmt(run.rate, 0)}/s`,
        String(run.companies),
        run.pdf ? "on" : "off",
        String(run.result.created),
        fmt(run.result.perSecond, 1),
        f ? `${fmt((run.result.perSecond / ideal(run.pdf)!) * 100, 1)} %` : "—",
        fmt(run.result.withPdfsPerSecond, 1),
        pair(run.result.createP50, run.result.createP99),
        pair(run.result.acceptP50, run.result.acceptP99),
        fmt(oursMs(run.result), 1),
        ratio(oursMs(run.result), f ? floorMs(f, run.pdf) : undefined),
        machine(run.result),
        failures(run.result),
      ]),
    ),
    "",
    "Documents/s count a document once it is accepted. The renderer (niced, off the verdict path) makes its PDFs " +
      "after that, so with PDFs on a run's rate is a burst's. \"With their PDFs\" counts a document once its PDFs " +
      "are stored too; after a burst the renderer, one thread, finishes them alone on one core, so that rate is below " +
      'what the system sustains. "Machine busy / steal" is the share of both cores\' time, from the first create ' +
      "to the last acceptance, spent running anything (the load generator included) and taken by the host for other " +
      "guests (/proc/stat).",
    "",
  );
  const withoutPdfs = new Map<number, number[]>();
  for (const run of s.e2e.filter((r) => !r.pdf))
    withoutPdfs.set(run.clients, [...(withoutPdfs.get(run.clients) ?? []), run.result.perSecond]);
  if (withoutPdfs.size)
    out.push(
      `Without PDFs, the median of each concurrency's runs: ${[...withoutPdfs]
        .map(([clients, rates]) => `${clients} clients **${fmt(median(rates), 1)} documents/s**`)
        .join(", ")}.`,
      "",
    );
  if (s.sustainable) {
    out.push(
      `Sustainable with PDFs: **${fmt(s.sustainable.perSecond, 1)} documents/s**, bound by ` +
        `${s.sustainable.boundBy === "the cores" ? "the two cores" : `${s.sustainable.boundBy}'s one thread`}: the ` +
        "lower of cores × 1000 / (CPU ms per document over every process) and, for each Node process, 1000 / its " +
        "CPU ms per document, from the long run until its PDFs are made (`bench/lib/capacity.ts`).",
      "",
    );
  }
  const paced = (run: E2eRun) => run.rate !== undefined;
  const pacedRun = s.e2e.find((run) => run.cold && paced(run));
  const closedRun = s.e2e.find((run) => run.cold && !paced(run));
  /** Cold ÷ warm of a cold run against its twin of the same kind (paced or closed loop), once both are measured. */
  const pairOf = (cold: E2eRun | undefined) => {
    const warm = cold && s.e2e.find((run) => run.coldTwin && paced(run) === paced(cold));
    if (!cold || !warm) return undefined;
    const ratios = coldOverWarm(cold.result, warm.result);
    return (
      `**${ratios.ours === undefined ? "—" : `${fmt(ratios.ours, 2)}×`} over our services** ` +
      `(${fmt(oursMs(cold.result), 1)} against ${fmt(oursMs(warm.result), 1)} ms)` +
      (ratios.perProcess.size
        ? `; per process ${[...ratios.perProcess].map(([name, r]) => `${name} ${fmt(r, 2)}×`).join(", ")}`
        : "") +
      `. Rate: ${fmt(cold.result.perSecond, 1)} documents/s cold, ${fmt(warm.result.perSecond, 1)} warm`
    );
  };
  const sameArrivals = pairOf(pacedRun);
  const closedLoop = pairOf(closedRun);
  if (sameArrivals || closedLoop) {
    out.push(
      "**Warm from the first minute** (issue 40: the first 600 documents after start within 1.1× the CPU per " +
        "document of the same documents warm). Cold ÷ warm, CPU per document until idle:",
      "",
      `- **At the same arrivals**, issue 40's measure: ${pacedRun?.result.created.toLocaleString("en-US") ?? "—"} documents ` +
        `sent on a fixed schedule at ${fmt(pacedRun?.rate, 0)}/s (in a full run 120/s, the rate issue 40 asks the system to sustain with PDFs), ` +
        "the same ticket requests, to a system started fresh for them (one document per company first) and to the " +
        `warm system after its warm-up: ${sameArrivals ?? `not measured (${s.sameArrivalsError ?? "an attached system cannot be started fresh"})`}.`,
      `- **At the limit**, a closed loop of ${closedRun?.clients ?? "—"} clients, ` +
        `${closedRun?.result.created.toLocaleString("en-US") ?? "—"} documents, right after the main system started and ` +
        `again after its warm-up: ${closedLoop ?? "not measured"}` +
        (s.sustainableCold
          ? `; sustainable with PDFs from the cold run's CPU, ${fmt(s.sustainableCold.perSecond, 1)} documents/s`
          : "") +
        ". A closed loop sends a warm system more documents per second than a cold one, and a faster run costs " +
        "less per document, so this ratio counts the rate as well as the cold processes (docs/performance.md, " +
        '"The same arrivals").',
      "",
    );
  }
  if (s.cpuReadable) {
    out.push(
      "CPU ms per document per process (from `/proc/<pid>/stat`, work after the acceptance included), and the " +
        "benchmark's own process (it sends the creates and watches the acceptances, on the same two cores):",
      "",
    );
    const names = PROCESSES.filter((name) => s.e2e.some((run) => run.result.cpuMs.get(name) !== undefined));
    out.push(
      table(
        ["run", ...names, "our services", "load generator"],
        s.e2e.map((run) => [
          run.label,
          ...names.map((name) => fmt(run.result.cpuMs.get(name), 1)),
          fmt(oursMs(run.result), 1),
          fmt(run.result.generatorMs, 1),
        ]),
      ),
      "",
    );
  } else
    out.push(
      "CPU per process: not measured — the benchmark attached to a running system and was given no pids " +
        "(`--pid name=pid`), and it does not guess.",
      "",
    );

  out.push("### Create latency at half the peak (paced open loop, latency from the scheduled send time)", "");
  out.push(
    s.paced.length
      ? table(
          [
            "request",
            "rate /s",
            "documents",
            "p50 ms",
            "p99 ms",
            "create → accepted p50 / p99 ms",
            "failures",
            "before the row",
          ],
          s.paced.map((p) => [
            p.label,
            fmt(p.rate, 1),
            String(p.result.created),
            fmt(p.result.createP50, 0),
            fmt(p.result.createP99, 0),
            pair(p.result.acceptP50, p.result.acceptP99),
            failures(p.result),
            settledText(p.settled),
          ]),
        )
      : "Not measured (no peak throughput was measured).",
    "",
    "Half the peak is half the sustainable rate with PDFs (above). The last row is half the best acceptance rate " +
      "with PDFs: a burst whose PDFs come later, which asks for more than the system sustains. Before each row the " +
      `suite waits (at most ${PACED_SETTLE_MS / 1000} s) for the processes to be back at their idle load: "before the row" says whether ` +
      'they were, and after how long; a row that started "not idle" measured a backlog as well as the code.',
    "",
  );

  out.push(
    "### Numbering alone (`bench/numbering.ts`: one hot series, concurrent callers batched as the gateway batches creates)",
    "",
  );
  const n = s.numbering;
  out.push(
    n
      ? table(
          [
            "callers",
            "numbers",
            "numbers/s",
            "p50 / p99 ms",
            "CPU ms per number",
            "gaps",
            "duplicates",
            "note",
          ],
          [
            [
              String(n.clients ?? 64),
              String(n.numbers),
              fmt(n.numbers_per_second, 0),
              pair(n.latency_ms.p50, n.latency_ms.p99, 1),
              fmt(n.cpu_ms_per_number, 3),
              String(n.gaps),
              String(n.duplicates),
              s.numberingError ?? "",
            ],
          ],
        )
      : `Not available: ${s.numberingError}.`,
    "",
  );

  out.push("### Growth: the same load after many stored documents", "");
  if (s.growth.length) {
    const base = s.growth[0]?.e2e;
    out.push(
      table(
        [
          "stored documents",
          "how they got there",
          "documents/s",
          "CPU ms per document, our services",
          "× the first row",
          "event list, newest 10: p50 / p99 ms",
          "event list, one document: p50 / p99 ms",
        ],
        s.growth.map((g) => [
          g.stored.toLocaleString("en-US"),
          g.seeded,
          fmt(g.e2e?.perSecond, 1),
          fmt(g.e2e ? oursMs(g.e2e) : undefined, 1),
          ratio(g.e2e ? oursMs(g.e2e) : undefined, base ? oursMs(base) : undefined),
          pair(g.events.latestP50, g.events.latestP99, 1),
          pair(g.events.byDocumentP50, g.events.byDocumentP99, 1),
        ]),
      ),
      "",
    );
  }
  if (s.growthNote) out.push(s.growthNote, "");

  out.push("### Event stream (`bench/stream.ts`, its own system)", "");
  const st = s.stream;
  out.push(
    st
      ? table(
          [
            "streams",
            "events",
            "deliveries",
            "lag publish → receipt p50 / p99 ms",
            "gateway KB / stream",
            "stream service KB / stream",
          ],
          [
            [
              String(st.streams),
              `${st.events}, ${st.interval_ms} ms apart`,
              `${st.deliveries} of ${st.expected}`,
              pair(st.lag_ms.p50, st.lag_ms.p99),
              fmt(st.gateway_kb_per_stream, 0),
              fmt(st.stream_kb_per_stream, 0),
            ],
          ],
        )
      : `Not available: ${s.streamError}.`,
    "",
  );

  out.push("### Webhooks (a local receiver verifying every delivery with `standardwebhooks`)", "");
  const w = s.webhooks;
  out.push(
    w
      ? table(
          [
            "mode",
            "events",
            "delivered",
            "bad signatures",
            "deliveries/s",
            "lag event → receipt p50 / p99 ms",
          ],
          [
            [
              w.mode,
              String(w.events),
              String(w.delivered),
              String(w.badSignatures),
              fmt(w.perSecond, 1),
              pair(w.lagP50, w.lagP99),
            ],
          ],
        )
      : `Not available: ${s.webhooksError}.`,
    "",
  );
  if (w?.mode === "backlog")
    out.push(
      "Backlog mode: the notification service was paused while the invoices went through, then resumed; " +
        "deliveries/s is its own rate of storing events and delivering them, from the resume to the last delivery.",
      "",
    );
  else if (w)
    out.push(
      "Live mode (no pid of the notification service): deliveries are counted as the pipeline produces them, " +
        "so the rate is at most the pipeline's; the lag says whether dispatch keeps up.",
      "",
    );
  return out.join("\n");
}

/**
 * Replaces the marked section of `file` (or appends it), leaving the rest of the document as it is. The markers
 * count only on lines of their own, so a paragraph that names them (in backticks) is never taken for them. A file
 * that does not exist yet is created.
 */
export function writeSection(file: string, markdown: string) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const section = `${START_MARK}\n${markdown.trimEnd()}\n${END_MARK}`;
  const lineAt = (mark: string, from = 0) => {
    for (let i = text.indexOf(mark, from); i >= 0; i = text.indexOf(mark, i + 1))
      if ((i === 0 || text[i - 1] === "\n") && [undefined, "\n"].includes(text[i + mark.length])) return i;
    return -1;
  };
  const start = lineAt(START_MARK);
  const end = start >= 0 ? lineAt(END_MARK, start) : -1;
  const next =
    start >= 0 && end > start
      ? `${text.slice(0, start)}${section}${text.slice(end + END_MARK.length)}`
      : `${text.trim() ? `${text.trimEnd()}\n\n` : ""}${section}\n`;
  writeFileSync(file, next);
}
