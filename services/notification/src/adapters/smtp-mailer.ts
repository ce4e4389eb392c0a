import { mkdir, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Logger } from "@einvoice/platform";
import { createTransport, type Transporter } from "nodemailer";
import { SMTPServer } from "smtp-server";

export interface OutgoingEmail {
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  /** The plain-text body; with `html`, the two are sent as alternatives (multipart/alternative). */
  text: string;
  html?: string;
  /**
   * Files; one with a `cid` is shown inside the HTML (`<img src="cid:…">`) and travels beside it
   * (multipart/related) rather than as a download.
   */
  attachments: { filename: string; content: Buffer; contentType: string; cid?: string }[];
}

/** Sends through an SMTP server (nodemailer), with a deadline on each step. */
export class SmtpMailer {
  private readonly transport: Transporter;

  constructor(url: string, timeoutMs: number) {
    this.transport = createTransport(url, {
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    } as object);
  }

  async send(email: OutgoingEmail): Promise<void> {
    await this.transport.sendMail(email);
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * The mail server of `npm start`, which has none: an SMTP server on 127.0.0.1 (a free port) that accepts every
 * message and writes it as a `.eml` file under `DATA_DIR/emails`, logging where, so a newcomer can open it.
 */
export async function startCaptureServer(
  dir: string,
  logger: Logger,
): Promise<{ url: string; close(): Promise<void> }> {
  await mkdir(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${session.id}.eml`);
        writeFile(file, Buffer.concat(chunks)).then(
          () => {
            logger.info({ file }, "email captured (no SMTP_URL): open the .eml file to read it");
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
