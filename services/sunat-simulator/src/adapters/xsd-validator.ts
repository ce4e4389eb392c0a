import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

export type XsdResult = { ok: true } | { ok: false; message: string } | { ok: "skipped"; reason: string };

/** Validates a document against the XSD of its root element. */
export interface XsdValidator {
  validate(xml: string, root: string): Promise<XsdResult>;
}

/** Schema file per root: UBL 2.1 for CPE and guías, SUNAT's UBL 2.0 extension for RC/RA. */
const SCHEMAS: Record<string, string> = {
  Invoice: "UBL-Invoice-2.1.xsd",
  CreditNote: "UBL-CreditNote-2.1.xsd",
  DebitNote: "UBL-DebitNote-2.1.xsd",
  DespatchAdvice: "UBL-DespatchAdvice-2.1.xsd",
  SummaryDocuments: "UBL-SummaryDocuments-2.0.xsd",
  VoidedDocuments: "UBL-VoidedDocuments-2.0.xsd",
};

/** Longest xmllint message kept in a fault; the first errors say what is wrong, the rest repeat it. */
const MAX_MESSAGE = 600;

/**
 * `xmllint --noout --nonet --schema <xsd> -` in a child process, the XML on stdin. The schemas are never part
 * of the repository: `SIM_XSD_DIR` names one or more directories (joined with the path delimiter, `:` on
 * Linux) holding the `maindoc` schemas; a root whose schema is in none of them is not validated.
 */
export class XmllintValidator implements XsdValidator {
  private readonly directories: string[];

  constructor(directories: string) {
    this.directories = directories.split(delimiter).filter((d) => d !== "");
  }

  /** Throws when xmllint cannot run at all, so a misconfigured test system fails at boot, not per call. */
  static assertAvailable(): void {
    const probe = spawnSync("xmllint", ["--version"], { encoding: "utf8" });
    if (probe.error || probe.status !== 0) {
      throw new Error(`SIM_XSD_DIR is set but xmllint cannot run: ${probe.error?.message ?? probe.stderr}`);
    }
  }

  schemaFor(root: string): string | undefined {
    const file = SCHEMAS[root];
    if (!file) return undefined;
    return this.directories.map((dir) => join(dir, file)).find((path) => existsSync(path));
  }

  validate(xml: string, root: string): Promise<XsdResult> {
    const schema = this.schemaFor(root);
    if (!schema) return Promise.resolve({ ok: "skipped", reason: `no schema for ${root} in SIM_XSD_DIR` });
    return new Promise((resolve, reject) => {
      const child = spawn("xmllint", ["--noout", "--nonet", "--schema", schema, "-"], {
        stdio: ["pipe", "ignore", "pipe"],
      });
      const stderr: Buffer[] = [];
      child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
      child.on("error", reject);
      child.on("close", (code) => {
        if (code === 0) return resolve({ ok: true });
        resolve({ ok: false, message: summarize(Buffer.concat(stderr).toString("utf8")) });
      });
      child.stdin.on("error", () => {
        // xmllint may exit before reading everything (an unreadable schema); the exit code still tells.
      });
      child.stdin.end(xml, "utf8");
    });
  }
}

/** "-:12: element X: Schemas validity error : …" lines, without the stdin marker and the summary line. */
function summarize(output: string): string {
  const lines = output
    .split("\n")
    .map((line) => line.replace(/^-:(\d+):\s*/, "line $1: ").trim())
    .filter((line) => line !== "" && !/ fails to validate$/.test(line) && !/^\^/.test(line));
  const message = lines.join(" | ");
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message || "invalid";
}
