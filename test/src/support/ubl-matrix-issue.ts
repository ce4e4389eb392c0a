/**
 * Issues the UBL matrix through the running system and keeps, per row, what the checks read: the Document, its
 * signed XML as served (with the key, by its signed link, and refused on the bare path without a key), and the XML written to disk with a tampered twin for xmlsec1.
 */
import type { TestSystem } from "../harness.js";
import { type Body, PATH } from "./requests.js";
import type { Row } from "./ubl-matrix-row.js";
import type { TempDir } from "./xml-tools.js";

export interface Issued {
  row: Row;
  request: Body;
  status: number;
  document: any;
  xml: string;
  fileName: string | null;
  xmlStatus: number;
  unauthenticatedStatus: number;
  signedLinkSameBytes: boolean;
  file: string;
  tamperedFile: string;
}

/** Runs `work` over `items` with at most `size` at a time; results in the order of `items`. */
export async function pool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

/** Raises the last digit of `PayableAmount` (…0 → …1): a one-cent change the signature must catch. */
export const tamper = (xml: string): string => {
  const tampered = xml.replace(
    /(<cbc:PayableAmount[^>]*>)(\d+\.\d)(\d)(<\/cbc:PayableAmount>)/,
    (_m, open: string, head: string, last: string, close: string) =>
      `${open}${head}${(Number(last) + 1) % 10}${close}`,
  );
  if (tampered === xml) throw new Error("could not tamper with PayableAmount");
  return tampered;
};

/** Issues one row (`Prefer: wait=20`, so the Document comes back decided) and fetches its XML. */
export const issueRow = async (sys: TestSystem, dir: TempDir, row: Row, series: string): Promise<Issued> => {
  const request = { series, ...row.body() };
  const res = await sys.request(PATH[row.kind], { body: request, headers: { prefer: "wait=20" } });
  const document = res.body;
  let xml = "";
  let fileName: string | null = null;
  let xmlStatus = 0;
  let unauthenticatedStatus = 0;
  let signedLinkSameBytes = false;
  if (typeof document?.links?.xml === "string") {
    const file = await fetch(document.links.xml, { headers: { authorization: `Bearer ${sys.testKey}` } });
    xmlStatus = file.status;
    xml = await file.text();
    fileName = /filename="([^"]+)"/.exec(file.headers.get("content-disposition") ?? "")?.[1] ?? null;
    // The bare path needs the key; the presented link is signed and opens without one, to the same bytes.
    unauthenticatedStatus = (await fetch(document.links.xml.split("?")[0])).status;
    const signed = await fetch(document.links.xml);
    signedLinkSameBytes = signed.status === 200 && (await signed.text()) === xml;
  }
  const safe = `${row.kind}-${document?.number ?? "x"}`;
  return {
    row,
    request,
    status: res.status,
    document,
    xml,
    fileName,
    xmlStatus,
    unauthenticatedStatus,
    signedLinkSameBytes,
    file: dir.write(`${safe}.xml`, xml),
    tamperedFile: xml ? dir.write(`${safe}-tampered.xml`, tamper(xml)) : "",
  };
};
