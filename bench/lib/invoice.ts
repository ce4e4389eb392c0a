/** The benchmark's document: a five-line invoice (the size the issue and floor.md measure), different each time. */
export const benchInvoice = (i: number) => ({
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE BENCH SAC" },
  items: Array.from({ length: 5 }, (_, line) => ({
    description: `Artículo ${line + 1} del pedido ${i}`,
    quantity: String(1 + line),
    unit_price: `${10 + line}.50`,
  })),
});

export interface CreateOutcome {
  id?: string;
  status: number;
  error?: string;
}

/** POST /v1/invoices as a client does; never throws (a refused connection is a failure of the run). */
export async function createInvoice(
  baseUrl: string,
  key: string,
  i: number,
  wait: boolean,
): Promise<CreateOutcome> {
  try {
    const res = await fetch(`${baseUrl}/v1/invoices`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        ...(wait ? { prefer: "wait=10" } : {}),
      },
      body: JSON.stringify(benchInvoice(i)),
    });
    const body = (await res.json()) as { id?: string; error?: { code?: string } };
    return body.id ? { id: body.id, status: res.status } : { status: res.status, error: body.error?.code };
  } catch (error) {
    return { status: 0, error: (error as Error).message };
  }
}
