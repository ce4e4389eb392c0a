import type { ParsedUrlQuery } from "node:querystring";
import type { FieldError } from "@einvoice/domain";
import { hasIdShape, type IdPrefix, SHAPE_ERRORS } from "@einvoice/platform";
import { validationFailed } from "../errors/public-errors.js";

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export interface PageParams {
  limit: number;
  startingAfter: string;
  endingBefore: string;
}

/**
 * Reads a list's query parameters in one pass and refuses them all at once (422 naming each): the page (`limit`,
 * `starting_after`, `ending_before`), then whatever filters `read` takes from the same reader.
 */
export function parseListQuery<T>(
  query: ParsedUrlQuery,
  cursorPrefix: IdPrefix,
  read: (reader: QueryReader) => T,
): PageParams & T {
  const reader = new QueryReader(query);
  const limitText = reader.text("limit");
  const limit = limitText === "" ? DEFAULT_LIMIT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    reader.refuse(
      "limit",
      `limit must be a whole number from 1 to ${MAX_LIMIT}; the default is ${DEFAULT_LIMIT}.`,
    );
  const startingAfter = reader.id("starting_after", cursorPrefix);
  const endingBefore = reader.id("ending_before", cursorPrefix);
  if (startingAfter && endingBefore)
    reader.refuse("ending_before", "Send starting_after or ending_before, not both.");
  const filters = read(reader);
  reader.done();
  return { limit, startingAfter, endingBefore, ...filters };
}

/** One list's query, read parameter by parameter; every problem is kept and answered together. */
export class QueryReader {
  private readonly errors: FieldError[] = [];

  constructor(private readonly query: ParsedUrlQuery) {}

  /** A parameter given at most once; "" when absent. */
  text(name: string): string {
    const value = this.query[name];
    if (value === undefined) return "";
    if (typeof value !== "string" || value === "") {
      this.refuse(name, `${name} must be given once, with a value.`);
      return "";
    }
    return value;
  }

  /** One of `allowed`, or "". */
  oneOf(name: string, allowed: readonly string[]): string {
    const value = this.text(name);
    if (value && !allowed.includes(value)) this.refuse(name, `${name} must be one of ${allowed.join(", ")}.`);
    return allowed.includes(value) ? value : "";
  }

  /** An id of the given kind (`doc_…`), or "". */
  id(name: string, prefix: IdPrefix): string {
    const value = this.text(name);
    if (value && !hasIdShape(value, prefix)) {
      this.refuse(name, `${name} must be an id that starts with ${prefix}_.`);
      return "";
    }
    return value;
  }

  /** `name[gte]` and `name[lte]` as `YYYY-MM-DD` dates. */
  dateRange(name: string): { gte: string; lte: string } {
    const read = (bound: "gte" | "lte") => {
      const param = `${name}[${bound}]`;
      const value = this.text(param);
      if (value && !isCalendarDate(value)) {
        this.refuse(param, `${param} must be a date as YYYY-MM-DD.`);
        return "";
      }
      return value;
    };
    return { gte: read("gte"), lte: read("lte") };
  }

  /** `name[gte]` and `name[lte]` as RFC 3339 times or Unix seconds, returned as ISO 8601 UTC with milliseconds. */
  timeRange(name: string): { gte: string; lte: string } {
    const read = (bound: "gte" | "lte") => {
      const param = `${name}[${bound}]`;
      const value = this.text(param);
      if (!value) return "";
      const time = /^\d{1,12}$/.test(value)
        ? new Date(Number(value) * 1000)
        : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/.test(value)
          ? new Date(value)
          : new Date(Number.NaN);
      if (Number.isNaN(time.getTime())) {
        this.refuse(
          param,
          `${param} must be a time: Unix seconds (1767225600) or RFC 3339 (2026-01-01T00:00:00Z).`,
        );
        return "";
      }
      return time.toISOString();
    };
    return { gte: read("gte"), lte: read("lte") };
  }

  refuse(param: string, message: string): void {
    this.errors.push({ param, code: SHAPE_ERRORS.parameter_invalid.code, message });
  }

  done(): void {
    if (this.errors.length > 0) throw validationFailed(this.errors);
  }
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
