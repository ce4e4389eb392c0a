/**
 * Document types billConsultService.getStatusCdr answers for: facturas and their notes (01, 07, 08). SUNAT does
 * not serve receipts (03) there, so a receipt whose send was lost can only be resent (1033 then proves SUNAT
 * holds it).
 */
const QUERYABLE_TYPES = new Set(["01", "07", "08"]);

export function canQueryStatus(type: string): boolean {
  return QUERYABLE_TYPES.has(type);
}
