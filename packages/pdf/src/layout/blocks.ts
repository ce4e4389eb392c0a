import type { Fact } from "../print-model.js";
import type { Box } from "./box.js";
import type { Align, Pen, TextStyle } from "./pen.js";

/** A wrapped text, one box per line, so it can split between pages. */
export function paragraph(
  pen: Pen,
  text: string,
  x: number,
  width: number,
  style: TextStyle,
  align: Align = "left",
): Box[] {
  const lh = pen.lineHeight(style);
  const anchor = align === "left" ? x : align === "right" ? x + width : x + width / 2;
  return pen
    .wrap(text, width, style)
    .map((line) => ({ height: lh, draw: (y) => pen.text(line, anchor, y, style, align) }));
}

/** The width labels need (the widest, plus a gap), capped so values keep most of the column. */
export function labelWidth(pen: Pen, facts: Fact[], style: TextStyle, columnWidth: number): number {
  const widest = Math.max(0, ...facts.map((f) => pen.width(`${f.label}:`, style)));
  return Math.min(widest + 6, columnWidth * 0.45);
}

/** `Label: value` rows, labels in their own column, values wrapped beside them. One box per fact. */
export function factRows(
  pen: Pen,
  facts: Fact[],
  x: number,
  width: number,
  styles: { label: TextStyle; value: TextStyle },
  labelColumn = labelWidth(pen, facts, styles.label, width),
): Box[] {
  const lh = Math.max(pen.lineHeight(styles.label), pen.lineHeight(styles.value));
  return facts.map((fact) => {
    const labels = pen.wrap(`${fact.label}:`, labelColumn - 4, styles.label);
    const values = pen.wrap(fact.value, width - labelColumn, styles.value);
    return {
      height: lh * Math.max(labels.length, values.length),
      draw(y) {
        labels.forEach((l, i) => {
          pen.text(l, x, y + i * lh, styles.label);
        });
        values.forEach((v, i) => {
          pen.text(v, x + labelColumn, y + i * lh, styles.value);
        });
      },
    };
  });
}

/** A horizontal rule with space around it. */
export function rule(
  pen: Pen,
  x: number,
  width: number,
  look: { color: string; above: number; below: number; dash?: number; weight?: number },
): Box {
  return {
    height: look.above + look.below,
    draw: (y) => pen.hline(x, x + width, y + look.above, look.color, look.weight ?? 0.5, look.dash),
  };
}
