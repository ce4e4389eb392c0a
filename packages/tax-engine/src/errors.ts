import type { FieldError } from "@einvoice/domain";
import type { TaxError } from "./error-table.js";

/** Collects every failed check (never stops at the first). */
export class Errors {
  readonly list: FieldError[] = [];

  /** `error` is an entry of TAX_ERRORS: the code the caller reads is the table's, never a loose string. */
  add(param: string, error: TaxError, message: string): void {
    this.list.push({ param, code: error.code, message });
  }

  get count(): number {
    return this.list.length;
  }

  /** True when some error was recorded for `param` or below it (`items.0` covers `items.0.quantity`). */
  has(prefix: string): boolean {
    return this.list.some((e) => e.param === prefix || e.param.startsWith(`${prefix}.`));
  }
}
