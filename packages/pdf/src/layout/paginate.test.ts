import { describe, expect, it } from "vitest";
import { type Box, group } from "./box.js";
import { flowHeight, paginate } from "./paginate.js";

const box = (name: string, height: number): Box & { name: string } => ({ name, height, draw: () => {} });
const names = (pages: ReturnType<typeof paginate>) =>
  pages.map((p) => p.map((pl) => `${(pl.box as { name?: string }).name}@${pl.y}`));

const FRAME = { top: 10, bottom: 110 }; // 100 pt of body

describe("paginate", () => {
  it("stacks groups with their gaps on one page when they fit", () => {
    const pages = paginate([group([box("a", 30)]), group([box("b", 20), box("c", 20)], 5)], FRAME);
    expect(names(pages)).toEqual([["a@10", "b@45", "c@65"]]);
  });

  it("moves a group that fits a page to the next page instead of splitting it, dropping its gap", () => {
    const pages = paginate([group([box("a", 70)]), group([box("b", 20), box("c", 20)], 5)], FRAME);
    expect(names(pages)).toEqual([["a@10"], ["b@10", "c@30"]]);
  });

  it("splits a group longer than a page, repeating its header box on every new page", () => {
    const header = box("h", 10);
    const rows = Array.from({ length: 12 }, (_, i) => box(`r${i}`, 20));
    const pages = paginate([group([box("top", 30)]), group([header, ...rows], 0, header)], FRAME);
    expect(names(pages)).toEqual([
      ["top@10", "h@40", "r0@50", "r1@70", "r2@90"],
      ["h@10", "r3@20", "r4@40", "r5@60", "r6@80"],
      ["h@10", "r7@20", "r8@40", "r9@60", "r10@80"],
      ["h@10", "r11@20"],
    ]);
    for (const page of pages)
      for (const p of page) expect(p.y + p.box.height).toBeLessThanOrEqual(FRAME.bottom);
  });

  it("repeats the table header above rows that move to a new page, and keeps it with the first row", () => {
    const header = box("h", 10);
    const row = (n: string) => group([box(n, 30)], 0, header);
    const first = group([header, box("r0", 30)], 0, header);
    // 70 leaves 30: r0 would fit alone but not with its header, so both move.
    const pages = paginate([group([box("top", 70)]), first, row("r1"), row("r2"), row("r3")], FRAME);
    expect(names(pages)).toEqual([["top@10"], ["h@10", "r0@20", "r1@50", "r2@80"], ["h@10", "r3@20"]]);
  });

  it("refuses a box taller than a page body rather than letting it overflow", () => {
    expect(() => paginate([group([box("huge", 101)])], FRAME)).toThrow(/cannot fit/);
  });

  it("measures the endless-page height, without the first gap", () => {
    expect(flowHeight([group([box("a", 30)], 8), group([box("b", 20)], 5)])).toBe(55);
  });
});
