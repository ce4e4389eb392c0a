import type { ERROR_DETAIL_TYPE_VALUES } from "./generated/errors.js";

/** The family of a public error (`einvoice.api.v1.ErrorDetail.type`). */
export type ErrorType = (typeof ERROR_DETAIL_TYPE_VALUES)[number];

/**
 * One code the API can answer, described once: the sites that raise it, the gateway's public catalog and
 * docs/errors.md all read the same entry.
 */
export interface ErrorSpec {
  readonly status: number;
  readonly type: ErrorType;
  /** The message sent when it never varies; a site that names a value or a limit writes its own. */
  readonly message?: string;
  /** The field or parameter named in `param` when it is always the same one. */
  readonly param?: string;
  /** When it happens, for docs/errors.md and the API reference. */
  readonly when: string;
  /** What the caller does about it. */
  readonly fix: string;
}

export interface ErrorEntry<C extends string = string> extends ErrorSpec {
  readonly code: C;
}

export type ErrorTable<T extends Record<string, ErrorSpec>> = {
  readonly [K in keyof T & string]: T[K] & { readonly code: K };
};

/** A table keyed by code, each entry carrying its code, so a site passes one typed value instead of a string. */
export function errorTable<const T extends Record<string, ErrorSpec>>(specs: T): ErrorTable<T> {
  return Object.fromEntries(
    Object.entries(specs).map(([code, spec]) => [code, Object.freeze({ code, ...spec })]),
  ) as ErrorTable<T>;
}
