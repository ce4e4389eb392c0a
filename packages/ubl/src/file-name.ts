import type { SaleDocumentType } from "@einvoice/domain";

/**
 * `RUC-TT-SERIE-NUMERO`, the name SUNAT requires for the zip and the XML inside it (ERR 0151, 0159, 1034–1036),
 * e.g. `20123456786-01-F001-1`. The number is printed without leading zeros, like `cbc:ID`.
 */
export const documentFileName = (
  ruc: string,
  type: SaleDocumentType | string,
  series: string,
  number: number,
): string => {
  if (!/^\d{11}$/.test(ruc)) throw new RangeError(`RUC must be 11 digits, got ${JSON.stringify(ruc)}`);
  if (!/^[0-9A-Z]{2}$/.test(type)) throw new RangeError(`document type must be 2 characters, got ${type}`);
  if (!/^[A-Z0-9]{4}$/.test(series)) throw new RangeError(`series must be 4 characters, got ${series}`);
  if (!Number.isInteger(number) || number < 1 || number > 99_999_999) {
    throw new RangeError(`number must be an integer 1..99999999, got ${number}`);
  }
  return `${ruc}-${type}-${series}-${number}`;
};
