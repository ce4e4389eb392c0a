import type { ComputedLine } from "@einvoice/domain";
import { Decimal } from "decimal.js";
import type { BuildInvoiceInput } from "../src/invoice-builder.js";

/**
 * A fixed, realistic input for build+sign benchmarks (floor.md measures a 5-line invoice): `lineCount`
 * identical taxed lines of 2 × 100.00 + 18 % IGV. Not test data for correctness; totals are exact for it.
 */
export const benchmarkInput = (lineCount = 5): BuildInvoiceInput => {
  const n = new Decimal(lineCount);
  const line = (id: number): ComputedLine => ({
    id,
    description: `Producto de prueba ${id}`,
    quantity: "2",
    unit_code: "NIU",
    tax_affectation: "10",
    free: false,
    unit_value: "100.00",
    reference_price: { type_code: "01", amount: "118.00" },
    line_extension_amount: "200.00",
    allowance_charges: [],
    taxes: [
      {
        scheme: "1000",
        taxable_amount: "200.00",
        tax_amount: "36.00",
        percent: "18.00",
        exemption_reason: "10",
      },
    ],
    tax_total: "36.00",
  });
  const base = n.times(200).toFixed(2);
  const igv = n.times(36).toFixed(2);
  const total = n.times(236).toFixed(2);
  return {
    issuer: {
      ruc: "20123456786",
      legal_name: "EMPRESA DE PRUEBA S.A.C.",
      address: {
        line: "AV. PRINCIPAL 123",
        ubigeo: "150101",
        establishment_code: "0000",
        country_code: "PE",
      },
    },
    number: 1,
    document: {
      type: "01",
      series: "F001",
      issue_date: "2025-03-14",
      currency: "PEN",
      operation_type: "0101",
      customer: { document_type: "6", document_number: "20600000005", name: "CLIENTE DE PRUEBA S.A." },
      lines: Array.from({ length: lineCount }, (_, i) => line(i + 1)),
      allowance_charges: [],
      tax_subtotals: [{ scheme: "1000", taxable_amount: base, tax_amount: igv }],
      tax_total: igv,
      monetary_total: {
        line_extension_amount: base,
        tax_inclusive_amount: total,
        allowance_total_amount: "0.00",
        charge_total_amount: "0.00",
        prepaid_amount: "0.00",
        payable_amount: total,
      },
      legends: [{ code: "1000", text: `SON ${total} SOLES` }],
      payment_terms: { means: "Contado", installments: [] },
      prepayments: [],
      amounts: {
        taxed: base,
        exempt: "0.00",
        unaffected: "0.00",
        export: "0.00",
        free: "0.00",
        igv,
        ivap: "0.00",
        isc: "0.00",
        icbper: "0.00",
        discounts: "0.00",
        prepaid: "0.00",
        total,
      },
    },
  };
};
