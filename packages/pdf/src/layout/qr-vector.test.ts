import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrMatrix } from "./qr-vector.js";

const PAYLOAD =
  "20123456786|01|F001|1234|18.00|118.00|2025-03-14|6|20600000005|qQ0yV3yW2HcJkU6xw1s7fS2o8cU1wUq1bT6qvQ6vQ0E=|";

describe("qrMatrix", () => {
  it("covers exactly the dark modules of the level-Q symbol, in maximal runs", () => {
    const { modules } = QRCode.create(PAYLOAD, { errorCorrectionLevel: "Q" });
    const matrix = qrMatrix(PAYLOAD);
    expect(matrix.size).toBe(modules.size);
    const painted = new Set<string>();
    for (const run of matrix.runs) {
      expect(run.length).toBeGreaterThan(0);
      // Maximal: the modules just outside a run are light (or the edge).
      if (run.col > 0) expect(modules.get(run.row, run.col - 1)).toBeFalsy();
      if (run.col + run.length < modules.size) expect(modules.get(run.row, run.col + run.length)).toBeFalsy();
      for (let c = run.col; c < run.col + run.length; c++) painted.add(`${run.row},${c}`);
    }
    let dark = 0;
    for (let r = 0; r < modules.size; r++)
      for (let c = 0; c < modules.size; c++) {
        if (modules.get(r, c)) dark++;
        expect(painted.has(`${r},${c}`)).toBe(Boolean(modules.get(r, c)));
      }
    expect(matrix.runs.length).toBeLessThan(dark / 1.5);
  });

  it("is deterministic", () => {
    expect(qrMatrix(PAYLOAD)).toEqual(qrMatrix(PAYLOAD));
  });
});
