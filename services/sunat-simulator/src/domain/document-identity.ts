import { documentFileName } from "@einvoice/domain";

/**
 * What a request is about, as far as it can be told: from a file name (`RUC-TT-SERIE-NUMERO`,
 * `RUC-RC-YYYYMMDD-N`), from getStatusCdr's parameters, or from the ticket being polled. Summaries use
 * type RC/RA, their date as series and their correlativo as number.
 */
export interface DocumentIdentity {
  ruc?: string;
  type?: string;
  series?: string;
  number?: number;
}

export interface CompleteIdentity {
  ruc: string;
  type: string;
  series: string;
  number: number;
}

// Document types are two digits (01, 03, 07, 08, 09, 31…); summaries RC/RA/RR. Series: 4 alphanumerics for
// documents, the YYYYMMDD date for summaries. Numbers up to 8 digits (summaries up to 5).
const PATTERN = /^([12]\d{10})-(\d{2}|RC|RA|RR)-([A-Z0-9]{4}|\d{8})-(\d{1,8})$/i;

/** Parses a bare identity or a file name (`.zip`/`.xml` allowed); undefined when it does not fit. */
export function parseIdentity(name: string): CompleteIdentity | undefined {
  const match = PATTERN.exec(name.replace(/\.(zip|xml)$/i, ""));
  if (!match) return undefined;
  return {
    ruc: match[1]!,
    type: match[2]!.toUpperCase(),
    series: match[3]!.toUpperCase(),
    number: Number(match[4]),
  };
}

/** The registry key: `RUC-TT-SERIE-NUMERO` with the series upper-cased and the number without zeros. */
export function identityKey(identity: CompleteIdentity): string {
  return documentFileName(identity.ruc, identity.type, identity.series.toUpperCase(), identity.number);
}

/** Normalises `20000000001-01-f001-00000007` to `20000000001-01-F001-7`; undefined when it does not parse. */
export function normalizeIdentityKey(name: string): string | undefined {
  const identity = parseIdentity(name);
  return identity ? identityKey(identity) : undefined;
}
