import { createHash } from "node:crypto";
import { SunatUnavailableError } from "../adapters/bill-service-client.js";

/** The scope SUNAT issues GRE API tokens for (Manual de Servicios GRE). */
export const GRE_SCOPE = "https://api-cpe.sunat.gob.pe";

export interface GreToken {
  accessToken: string;
  /** Seconds, as SUNAT's `expires_in`. */
  expiresIn: number;
}

/** What SUNAT's ticket status answered: `98` in process, `0` done, `99` done with error. */
export interface GreStatus {
  code: "0" | "98" | "99";
  /** `error.numError` of a `99`. */
  errorCode?: string;
  errorDescription?: string;
  /** The CDR zip when `indCdrGenerado` is 1. */
  cdrZip?: Buffer;
}

/** SUNAT refused the request itself (4xx with `{cod,msg,errors}` or an OAuth2 error): not an outage. */
export class GreRequestError extends Error {
  override readonly name = "GreRequestError";
  constructor(
    message: string,
    readonly status: number,
    /** SUNAT's code (`errors[0].cod`, `cod`, or the OAuth2 `error`). */
    readonly code: string,
  ) {
    super(message);
  }
}

export interface GreClient {
  token(
    securityUrl: string,
    input: { clientId: string; clientSecret: string; username: string; password: string },
  ): Promise<GreToken>;
  send(cpeUrl: string, token: string, fileName: string, zip: Buffer): Promise<{ ticket: string }>;
  status(cpeUrl: string, token: string, ticket: string): Promise<GreStatus>;
}

/**
 * SUNAT's GRE REST API over HTTP (sunat-facts "GRE REST"): OAuth2 password grant at api-seguridad, send and ticket
 * status at api-cpe. Outages (network, 5xx, unreadable bodies) are SunatUnavailableError, like billService's;
 * refusals of the request are GreRequestError with SUNAT's code.
 */
export class HttpGreClient implements GreClient {
  constructor(private readonly timeoutMs: number) {}

  async token(
    securityUrl: string,
    input: { clientId: string; clientSecret: string; username: string; password: string },
  ): Promise<GreToken> {
    const url = `${securityUrl.replace(/\/$/, "")}/v1/clientessol/${encodeURIComponent(input.clientId)}/oauth2/token/`;
    const body = await this.call(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        scope: GRE_SCOPE,
        client_id: input.clientId,
        client_secret: input.clientSecret,
        username: input.username,
        password: input.password,
      }).toString(),
    });
    const accessToken = body.access_token;
    const expiresIn = Number(body.expires_in);
    if (typeof accessToken !== "string" || accessToken === "" || !Number.isFinite(expiresIn)) {
      throw new SunatUnavailableError("SUNAT's token answer has no access_token/expires_in", false);
    }
    return { accessToken, expiresIn };
  }

  async send(cpeUrl: string, token: string, fileName: string, zip: Buffer): Promise<{ ticket: string }> {
    const url = `${cpeUrl.replace(/\/$/, "")}/v1/contribuyente/gem/comprobantes/${encodeURIComponent(fileName)}`;
    const body = await this.call(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        archivo: {
          nomArchivo: `${fileName}.zip`,
          arcGreZip: zip.toString("base64"),
          // SHA-256 of the zip, lowercase hex (what Greenter and Fractuyo send).
          hashZip: createHash("sha256").update(zip).digest("hex"),
        },
      }),
    });
    if (typeof body.numTicket !== "string" || body.numTicket === "") {
      throw new SunatUnavailableError("SUNAT's send answer has no numTicket", true);
    }
    return { ticket: body.numTicket };
  }

  async status(cpeUrl: string, token: string, ticket: string): Promise<GreStatus> {
    const url = `${cpeUrl.replace(/\/$/, "")}/v1/contribuyente/gem/comprobantes/envios/${encodeURIComponent(ticket)}`;
    const body = await this.call(url, { method: "GET", headers: { authorization: `Bearer ${token}` } });
    const code = String(body.codRespuesta ?? "");
    if (code !== "0" && code !== "98" && code !== "99") {
      throw new SunatUnavailableError(
        `SUNAT's ticket answer has codRespuesta ${JSON.stringify(code)}`,
        false,
      );
    }
    const error = (body.error ?? {}) as { numError?: unknown; desError?: unknown };
    const cdr = body.indCdrGenerado === "1" && typeof body.arcCdr === "string" ? body.arcCdr : undefined;
    return {
      code,
      ...(error.numError !== undefined ? { errorCode: String(error.numError) } : {}),
      ...(error.desError !== undefined ? { errorDescription: String(error.desError) } : {}),
      ...(cdr ? { cdrZip: Buffer.from(cdr, "base64") } : {}),
    };
  }

  private async call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      text = await response.text();
    } catch (error) {
      const code = causeCode(error);
      throw new SunatUnavailableError(
        `SUNAT GRE call failed: ${(error as Error).message}${code ? ` (${code})` : ""}`,
        !(code && NOT_SENT_CODES.has(code)),
        { cause: error },
      );
    }
    let body: Record<string, unknown> = {};
    try {
      body = text.trim() === "" ? {} : (JSON.parse(text) as Record<string, unknown>);
    } catch {
      if (response.ok)
        throw new SunatUnavailableError(`unreadable SUNAT GRE answer (HTTP ${response.status})`, true);
    }
    if (response.status >= 500) {
      const code = typeof body.cod === "string" ? ` ${body.cod}` : "";
      throw new SunatUnavailableError(`SUNAT GRE answered HTTP ${response.status}${code}`, true, {
        answered: true,
      });
    }
    if (response.status >= 400) {
      const errors = Array.isArray(body.errors) ? (body.errors as { cod?: unknown; msg?: unknown }[]) : [];
      const code = String(errors[0]?.cod ?? body.cod ?? body.error ?? response.status);
      const message = String(
        errors[0]?.msg ?? body.msg ?? body.error_description ?? `HTTP ${response.status}`,
      );
      throw new GreRequestError(`${code} ${message}`, response.status, code);
    }
    return body;
  }
}

/** Error codes of a connection that never opened: the request was not sent. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** undici wraps socket errors: `fetch failed` → cause { code: "ECONNREFUSED" }. */
function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
