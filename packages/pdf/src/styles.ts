import type { TextStyle } from "./layout/pen.js";

export const COLORS = {
  ink: "#1a1a1a",
  muted: "#555555",
  rule: "#8c8c8c",
  hairline: "#d0d0d0",
  shade: "#ececec",
  alert: "#b00020",
} as const;

const style = (face: TextStyle["face"], size: number, color: string = COLORS.ink): TextStyle => ({
  face,
  size,
  color,
});

export const A4_STYLE = {
  legalName: style("bold", 12.5),
  tradeName: style("regular", 9.5, COLORS.muted),
  address: style("regular", 8, COLORS.muted),
  ruc: style("bold", 11),
  title: style("bold", 11.5),
  number: style("bold", 13),
  banner: style("bold", 9, COLORS.alert),
  factLabel: style("bold", 8),
  factValue: style("regular", 8),
  th: style("bold", 7.5),
  td: style("regular", 8),
  detail: style("regular", 7, COLORS.muted),
  total: style("regular", 8.5),
  totalStrong: style("bold", 9.5),
  legendStrong: style("bold", 8.5),
  legend: style("regular", 8),
  heading: style("bold", 8.5),
  representation: style("bold", 9),
  small: style("regular", 7.5, COLORS.muted),
  footer: style("regular", 7, COLORS.muted),
} as const;

/** Thermal printers print black only: no greys. */
export const TICKET_STYLE = {
  tradeName: style("bold", 10.5),
  legalName: style("bold", 8.5),
  text: style("regular", 7.5),
  bold: style("bold", 7.5),
  title: style("bold", 9),
  number: style("bold", 10.5),
  banner: style("bold", 8),
  detail: style("regular", 6.8),
  totalStrong: style("bold", 8.5),
  small: style("regular", 6.8),
} as const;
