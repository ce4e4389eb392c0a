import { factRows, paragraph } from "./layout/blocks.js";
import { type Box, beside, type Group, group, stack } from "./layout/box.js";
import type { Align, Pen, TextStyle } from "./layout/pen.js";
import type { NoteBlock, PrintLine, PrintModel } from "./print-model.js";
import { COLORS, A4_STYLE as S } from "./styles.js";

type Cell = Exclude<keyof PrintLine, "details">;

interface Column {
  cell: Cell;
  title: string;
  width: number;
  align: Align;
}

/** The lines table: fixed numeric columns, the description takes the rest. */
const COLUMNS: Column[] = [
  { cell: "index", title: "N°", width: 22, align: "center" },
  { cell: "quantity", title: "Cant.", width: 48, align: "right" },
  { cell: "unit", title: "U.M.", width: 32, align: "center" },
  { cell: "description", title: "Descripción", width: 0, align: "left" },
  { cell: "unitValue", title: "V. unitario", width: 66, align: "right" },
  { cell: "discount", title: "Dscto.", width: 50, align: "right" },
  { cell: "value", title: "Valor de venta", width: 70, align: "right" },
];
const CELL_PAD = 4;
const ROW_PAD = 3;
const HEADER_HEIGHT = 17;

interface PlacedColumn extends Column {
  x: number;
  w: number;
}

function placeColumns(x: number, width: number): PlacedColumn[] {
  const fixed = COLUMNS.reduce((s, c) => s + c.width, 0);
  let at = x;
  return COLUMNS.map((c) => {
    const w = c.width === 0 ? width - fixed : c.width;
    const placed = { ...c, x: at, w };
    at += w;
    return placed;
  });
}

const anchor = (c: PlacedColumn) =>
  c.align === "left" ? c.x + CELL_PAD : c.align === "right" ? c.x + c.w - CELL_PAD : c.x + c.w / 2;

function tableHeader(pen: Pen, cols: PlacedColumn[], x: number, width: number): Box {
  return {
    height: HEADER_HEIGHT,
    draw(y) {
      pen.rect(x, y, width, HEADER_HEIGHT, { fill: COLORS.shade });
      const ty = y + (HEADER_HEIGHT - pen.lineHeight(S.th)) / 2;
      for (const c of cols) pen.text(c.title, anchor(c), ty, S.th, c.align === "left" ? "left" : c.align);
    },
  };
}

/** One invoice line: the first box carries every cell, the next ones the rest of the description and notes. */
function lineBoxes(pen: Pen, line: PrintLine, cols: PlacedColumn[], x: number, width: number): Box[] {
  const desc = cols.find((c) => c.cell === "description") as PlacedColumn;
  const textWidth = desc.w - 2 * CELL_PAD;
  const rows: { text: string; style: TextStyle }[] = [
    ...pen.wrap(line.description, textWidth, S.td).map((text) => ({ text, style: S.td })),
    ...line.details.flatMap((d) =>
      pen.wrap(d, textWidth, S.detail).map((text) => ({ text, style: S.detail })),
    ),
  ];
  const cells = cols
    .filter((c) => c.cell !== "description")
    .map((c) => ({ c, text: line[c.cell], style: pen.fit(line[c.cell], c.w - 2 * CELL_PAD, S.td) }));
  const last = rows.length - 1;
  return rows.map((row, i) => {
    const top = i === 0 ? ROW_PAD : 0;
    const bottom = i === last ? ROW_PAD : 0;
    return {
      height: top + pen.lineHeight(row.style) + bottom,
      draw(y) {
        if (i === 0)
          for (const { c, text, style } of cells) pen.text(text, anchor(c), y + top, style, c.align);
        pen.text(row.text, desc.x + CELL_PAD, y + top, row.style);
        if (i === last)
          pen.hline(x, x + width, y + top + pen.lineHeight(row.style) + bottom, COLORS.hairline);
      },
    };
  });
}

/** Each line is a group (kept whole when it fits a page) that repeats the column header on a new page. */
export function linesTable(
  pen: Pen,
  lines: PrintLine[],
  x: number,
  width: number,
  gapBefore: number,
): Group[] {
  const cols = placeColumns(x, width);
  const header = tableHeader(pen, cols, x, width);
  return lines.map((line, i) => {
    const boxes = lineBoxes(pen, line, cols, x, width);
    return i === 0 ? group([header, ...boxes], gapBefore, header) : group(boxes, 0, header);
  });
}

const TOTALS_WIDTH = 230;

function totalsBox(pen: Pen, model: PrintModel, x: number): Box {
  const rows: Box[] = model.totals.map((row) => {
    const style = row.strong ? S.totalStrong : S.total;
    const h = pen.lineHeight(style) + (row.strong ? 5 : 2);
    return {
      height: h,
      draw(y) {
        if (row.strong) pen.rect(x, y, TOTALS_WIDTH, h, { fill: COLORS.shade });
        const ty = y + (h - pen.lineHeight(style)) / 2;
        pen.text(row.label, x + 8, ty, style);
        pen.text(row.value, x + TOTALS_WIDTH - 8, ty, style, "right");
      },
    };
  });
  const inner = stack(rows);
  return {
    height: inner.height + 8,
    draw(y) {
      inner.draw(y + 4);
      pen.rect(x, y, TOTALS_WIDTH, inner.height + 8, { stroke: COLORS.rule, radius: 3 });
    },
  };
}

/** Legends at the left ("SON: …" first), the totals at the right. */
export function summary(pen: Pen, model: PrintModel, x: number, width: number, gapBefore: number): Group {
  const legendWidth = width - TOTALS_WIDTH - 18;
  const legends = model.legends.flatMap((text, i) => [
    ...paragraph(pen, text, x, legendWidth, i === 0 ? S.legendStrong : S.legend),
    { height: 4, draw: () => {} },
  ]);
  return group([beside(stack(legends), totalsBox(pen, model, x + width - TOTALS_WIDTH))], gapBefore);
}

const heading = (pen: Pen, text: string, x: number, width: number): Box[] =>
  paragraph(pen, text, x, width, S.heading);

/** Credit: the pending amount and one row per installment (splittable). */
export function creditGroup(
  pen: Pen,
  model: PrintModel,
  x: number,
  width: number,
  gapBefore: number,
): Group[] {
  if (!model.credit) return [];
  const { credit } = model;
  const cols = [x + 6, x + 90, x + 280];
  const lh = pen.lineHeight(S.td) + 3;
  const row = (cells: string[], style: TextStyle, shaded: boolean): Box => ({
    height: lh,
    draw(y) {
      if (shaded) pen.rect(x, y, 280, lh, { fill: COLORS.shade });
      pen.text(cells[0] ?? "", cols[0] as number, y + 1.5, style);
      pen.text(cells[1] ?? "", cols[1] as number, y + 1.5, style);
      pen.text(cells[2] ?? "", (cols[2] as number) - 6, y + 1.5, style, "right");
    },
  });
  const title = heading(
    pen,
    `Forma de pago: Crédito · Monto neto pendiente de pago: ${credit.pending}`,
    x,
    width,
  );
  const head = row(["Cuota", "Fecha de vencimiento", "Monto"], S.th, true);
  const rows = credit.installments.map((i) => row([i.id, i.due, i.amount], S.td, false));
  return [group([...title, head, ...rows], gapBefore)];
}

/** Detraction, perception, prepayments: a heading and `label: value` rows each. */
export function noteGroups(
  pen: Pen,
  notes: NoteBlock[],
  x: number,
  width: number,
  gapBefore: number,
): Group[] {
  return notes.map((note) =>
    group(
      [
        ...heading(pen, note.title, x, width),
        ...factRows(pen, note.facts, x + 6, width - 6, { label: S.factLabel, value: S.factValue }, 150),
      ],
      gapBefore,
    ),
  );
}
