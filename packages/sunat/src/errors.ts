/**
 * Typed errors of the SUNAT wire codec. Each carries, when one applies, the SUNAT return code
 * (CodigosRetorno) a server should answer with, so the simulator can turn them into faults
 * without string matching.
 */
export class SunatCodecError extends Error {
  readonly code: string | undefined;

  constructor(message: string, code?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** A zip that cannot be read (0156 "El archivo ZIP esta corrupto") or is empty (0155). */
export class ZipFormatError extends SunatCodecError {}

/** A SOAP response we cannot interpret (empty body, unknown operation, missing fields). */
export class SoapResponseError extends SunatCodecError {}

/** A SOAP request the server side cannot accept (malformed XML, missing WS-Security header …). */
export class SoapRequestError extends SunatCodecError {}

/** A CDR (ApplicationResponse) that is not well formed or lacks the response code. */
export class CdrFormatError extends SunatCodecError {}
