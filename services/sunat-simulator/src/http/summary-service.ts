import { todayInLima } from "@einvoice/platform";
import { DuplicateKeyError } from "@einvoice/store";
import {
  buildGetStatusResponse,
  buildSendSummaryResponse,
  child,
  messageFor,
  parseXml,
  text,
} from "@einvoice/sunat";
import type { TicketRecord } from "../adapters/tickets.js";
import {
  checkSignature,
  checkSummaryContent,
  checkVoidedLines,
  identityKey,
  isStillPending,
  type Knobs,
  type ResolvedKnobs,
  type RuleIssue,
  type SummaryContent,
  type SummaryFileName,
  summaryId,
  summaryKey,
  summaryVerdict,
  type VoidedLine,
  type VoidTarget,
  validateSummarySubmission,
} from "../domain/index.js";
import {
  checkSummaryLines,
  readSummaryLines,
  type SummaryLine,
  voidWindowIssue,
} from "../domain/summary-line-rules.js";
import type { SendFileRequest } from "./bill-service.js";
import type { SimulatorContext } from "./context.js";
import { forcedException } from "./forced-exception.js";
import { faultReply, type HttpReply, senderRuc, xmlReply } from "./http-io.js";

/**
 * billService.sendSummary and getStatus. The file checks are synchronous faults (0151…0161, 0306, 1034), as
 * is presenting a file name again (2223 for RC, 2324 for RA; 0402 while the first one is still in
 * process, as SUNAT answers then). Everything else is decided when the ticket is issued and revealed by
 * getStatus: 98 for the first `ticket_pending_polls` polls, then "0" with the CDR, or "99" with the
 * rejection CDR. An accepted RA marks its documents as voided.
 */
export class SummaryService {
  constructor(private readonly ctx: SimulatorContext) {}

  async sendSummary(request: SendFileRequest, knobs: Knobs): Promise<HttpReply> {
    const check = validateSummarySubmission({
      fileName: request.fileName,
      zip: request.contentFile,
      senderRuc: senderRuc(request.username),
    });
    if (!check.ok) return faultReply(check.code, check.message);
    const { fileName, summary } = check;

    const key = summaryKey(fileName);
    const presented = await this.ctx.tickets.findSummary(key);
    if (presented) return this.presentedAgain(fileName, presented);

    if (knobs.force_code === undefined) {
      const xsd = await this.ctx.xsd?.validate(check.xml, summary.root);
      if (xsd && xsd.ok === false) return faultReply("0306", `${messageFor("0306")} - ${xsd.message}`);
    }
    const id = summaryId(fileName);
    const targets = await this.voidTargets(fileName, summary.voided);
    const rcLines = fileName.kind === "RC" ? readSummaryLines(check.xml) : [];
    const rcTargets = await this.summaryTargets(fileName, rcLines);
    const issues =
      knobs.force_code === undefined
        ? this.contentIssues(check.xml, summary, fileName, targets, rcLines, rcTargets)
        : [];
    const verdict = summaryVerdict(fileName.kind, id, issues, knobs.force_code);
    if (verdict.outcome === "exception") return faultReply(verdict.responseCode, verdict.description);

    const cdrZip = await this.ctx.cdrs.issue({
      stem: fileName.stem,
      receiverRuc: fileName.ruc,
      referenceId: id,
      verdict,
    });
    const ticket = await this.nextTicket();
    try {
      await this.ctx.tickets.create({
        _id: ticket,
        channel: "summary",
        identity: key,
        summary_key: key,
        ruc: fileName.ruc,
        pending_polls: knobs.ticket_pending_polls ?? 0,
        polls: 0,
        final_status: verdict.outcome === "rejected" ? "99" : "0",
        response_code: verdict.responseCode,
        description: verdict.description,
        cdr_zip: cdrZip.toString("base64"),
        created_at: this.ctx.clock().toISOString(),
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const first = await this.ctx.tickets.findSummary(key);
      return first ? this.presentedAgain(fileName, first) : faultReply("0100");
    }
    if (fileName.kind === "RA" && verdict.outcome !== "rejected") {
      await this.ctx.registry.markVoided([...targets.keys()], key);
    }
    if (fileName.kind === "RC" && verdict.outcome !== "rejected") {
      // Condition 3 lines void their boletas, as an RA does for invoices.
      const voided = rcLines
        .filter((line) => line.condition === "3")
        .map((line) => summaryLineKey(fileName.ruc, line));
      await this.ctx.registry.markVoided(
        voided.filter((k) => rcTargets.has(k)),
        key,
      );
    }
    return xmlReply(buildSendSummaryResponse(ticket));
  }

  async getStatus(
    request: { username: string; ticket: string },
    resolved: ResolvedKnobs,
  ): Promise<HttpReply> {
    const forced = forcedException(resolved.explicit);
    if (forced) return faultReply(forced);
    const found = await this.ctx.tickets.find(request.ticket);
    // SUNAT answers these as a status, not a fault (thegreenter/demo#29 logs statusCode 0127).
    if (found?.channel !== "summary") return xmlReply(buildGetStatusResponse({ statusCode: "0127" }));
    if (found.ruc !== senderRuc(request.username))
      return xmlReply(buildGetStatusResponse({ statusCode: "0126" }));
    const ticket = (await this.ctx.tickets.recordPoll(request.ticket)) ?? found;
    if (
      isStillPending(
        { pendingPolls: ticket.pending_polls, polls: ticket.polls },
        resolved.explicit.ticket_pending_polls,
      )
    ) {
      return xmlReply(buildGetStatusResponse({ statusCode: "98" }));
    }
    return xmlReply(
      buildGetStatusResponse({
        statusCode: ticket.final_status,
        ...(ticket.cdr_zip && { contentBase64: ticket.cdr_zip }),
      }),
    );
  }

  private presentedAgain(fileName: SummaryFileName, first: TicketRecord): HttpReply {
    if (isStillPending({ pendingPolls: first.pending_polls, polls: first.polls })) {
      return faultReply("0402", `${messageFor("0402")} - ticket ${first._id} en proceso (98)`);
    }
    return faultReply(fileName.kind === "RA" ? "2324" : "2223");
  }

  /** Signature first (a document SUNAT cannot trust is judged on nothing else), then the content rules. */
  private contentIssues(
    xml: string,
    summary: SummaryContent,
    fileName: SummaryFileName,
    targets: ReadonlyMap<string, VoidTarget>,
    rcLines: SummaryLine[],
    rcTargets: ReadonlyMap<string, VoidTarget>,
  ): RuleIssue[] {
    const signature = checkSignature(xml);
    if (signature) return [signature];
    const keyOf = (line: VoidedLine) => voidedKey(fileName.ruc, line);
    const referenceDate = text(child(parseXml(xml), summary.root), "ReferenceDate") ?? summary.issueDate;
    const received = todayInLima(this.ctx.clock());
    const window =
      fileName.kind === "RA"
        ? summary.voided.map((line) => voidWindowIssue(referenceDate, received, line.series)).find(Boolean)
        : undefined;
    return [
      ...checkSummaryContent(summary, fileName),
      ...(window ? [window] : []),
      ...checkVoidedLines(summary.voided, keyOf, targets),
      ...checkSummaryLines(
        rcLines,
        (line) => summaryLineKey(fileName.ruc, line),
        rcTargets,
        referenceDate,
        received,
      ),
    ];
  }

  /** What the registry knows of the boletas an RC voids (condition 3), keyed like `voidTargets`. */
  private async summaryTargets(
    fileName: SummaryFileName,
    lines: SummaryLine[],
  ): Promise<Map<string, VoidTarget>> {
    const targets = new Map<string, VoidTarget>();
    for (const line of lines.filter((l) => l.condition === "3")) {
      const key = summaryLineKey(fileName.ruc, line);
      const registration = await this.ctx.registry.find(key);
      if (registration) {
        targets.set(key, { outcome: registration.outcome, voided: Boolean(registration.voided_by) });
      }
    }
    return targets;
  }

  private async voidTargets(
    fileName: SummaryFileName,
    lines: VoidedLine[],
  ): Promise<Map<string, VoidTarget>> {
    const targets = new Map<string, VoidTarget>();
    for (const line of lines) {
      const key = voidedKey(fileName.ruc, line);
      const registration = await this.ctx.registry.find(key);
      if (registration) {
        targets.set(key, { outcome: registration.outcome, voided: Boolean(registration.voided_by) });
      }
    }
    return targets;
  }

  /** Digits like SUNAT's tickets: the time in ms and a persisted sequence, so restarts never reuse one. */
  private async nextTicket(): Promise<string> {
    const sequence = await this.ctx.store.counters.increment("ticket_sequence");
    return `${this.ctx.clock().getTime()}${String(sequence % 1_000_000).padStart(6, "0")}`;
  }
}

/** The registry key of a document named in an RA line. */
function voidedKey(ruc: string, line: VoidedLine): string {
  const number = Number(line.number);
  return identityKey({
    ruc,
    type: line.type,
    series: line.series,
    number: Number.isFinite(number) ? number : 0,
  });
}

/** The registry key of a boleta named in an RC line. */
function summaryLineKey(ruc: string, line: SummaryLine): string {
  return voidedKey(ruc, { type: line.type, series: line.series, number: line.number });
}
