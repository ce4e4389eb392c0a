import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrMatrix } from "./qr-vector.js";

const PAYLOAD =
  "20123456786|01|F001|1234|18.00|118.00|2025-03-14|6|20600000005|qQ0yV3yW2HcJkU6xw1s7fS2o8cU1wUq1bT6qvQ6vQ0E=|";

describe("qrMatrix", () => {
  it("covers exactly the dark modules of the level-Q symbol (one byte-mode segment), in maximal runs", () => {
    const { modules, segments } = QRCode.create([{ data: Buffer.from(PAYLOAD), mode: "byte" }], {
      errorCorrectionLevel: "Q",
    });
    expect(segments.map((s) => s.mode.id)).toEqual(["Byte"]);
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

  it("chooses the mask the qrcode library would, for payloads of every usual length", () => {
    for (let i = 0; i < 60; i++) {
      const payload = `20${String(123456789 + i * 7919).padStart(9, "0")}|0${(i % 2) + 1}|F${String(i).padStart(3, "0")}|${i * 37 + 1}|${(i * 1.18).toFixed(2)}|${(i * 7.77).toFixed(2)}|2025-03-14|${i % 3 === 0 ? "1|4567890" : "6|20600000005"}|${"qQ0yV3yW2HcJkU6xw1s7fS2o8cU1wUq1bT6qvQ6vQ0E=".slice(0, 20 + (i % 25))}|`;
      const { modules } = QRCode.create([{ data: Buffer.from(payload), mode: "byte" }], {
        errorCorrectionLevel: "Q",
      });
      const dark = new Set<string>();
      for (const run of qrMatrix(payload).runs)
        for (let c = run.col; c < run.col + run.length; c++) dark.add(`${run.row},${c}`);
      for (let r = 0; r < modules.size; r++)
        for (let c = 0; c < modules.size; c++)
          expect(dark.has(`${r},${c}`), `${payload} ${r},${c}`).toBe(Boolean(modules.get(r, c)));
    }
  });

  it("is deterministic", () => {
    expect(qrMatrix(PAYLOAD)).toEqual(qrMatrix(PAYLOAD));
  });
});
