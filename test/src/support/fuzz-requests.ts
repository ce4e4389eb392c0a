/**
 * fast-check arbitraries of hostile requests for the fuzz suite: valid invoice and receipt bodies mutated (wrong
 * types, missing and extra fields, huge, unicode and control strings, bad numbers), bad JSON, bad headers, and every
 * route of the API with fuzzed ids, query strings and bodies.
 */
import fc from "fast-check";
import { DNI_CUSTOMER, RUC_CUSTOMER } from "./requests.js";

export interface FuzzRequest {
  method: "GET" | "POST" | "PUT";
  path: string;
  headers: Record<string, string>;
  /** The raw body sent (already serialized); undefined for none. */
  body?: string;
  /** The series a create call aimed at (for the burned-number check), when it is a create. */
  series?: string;
}

/** Ids the suite created before fuzzing, so fuzzed calls also reach real records. */
export interface KnownIds {
  documents: string[];
  webhookEndpoints: string[];
}

/** The series the fuzzed creates use; each one's counter is checked afterwards. */
export const FUZZ_SERIES = { invoice: ["FZ01", "FZ02"], receipt: ["BZ01", "BZ02"] } as const;

/** A string a header can carry (visible Latin-1, no CR/LF/NUL: anything else fetch refuses before sending). */
const headerValue = fc
  .array(
    fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f),
    { maxLength: 300 },
  )
  .map((codes) => String.fromCharCode(...codes).trim());

const controlString = fc
  .array(fc.integer({ min: 0, max: 0x1f }), { minLength: 1, maxLength: 20 })
  .map((codes) => `A${String.fromCharCode(...codes)}B`);

/** Strings a careless or hostile caller sends. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  controlString,
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\uFEFF",
    "\uD800",
    "🧾".repeat(600),
    "Ñandú ÁÉÍÓÚ ü",
    "<script>alert(1)</script>",
    "'; DROP TABLE documents;--",
    "../../etc/passwd",
    "%00",
    ["$", "{jndi:ldap://x}"].join(""),
    "$where",
    "__proto__",
    "constructor",
    "\u202Eevil",
  ),
  fc.integer({ min: 1, max: 5 }).map((n) => "x".repeat(n * 1000)),
  // A 200 KB string is costly to send and check: one draw in a hundred or so.
  fc.integer({ min: 0, max: 20 }).map((n) => (n === 0 ? "A".repeat(200_000) : "y".repeat(n * 100))),
);

/** Numbers and number-looking strings that are wrong somewhere. */
const badNumber = fc.oneof(
  fc.constantFrom(
    "NaN",
    "Infinity",
    "-Infinity",
    "1e309",
    "1e-400",
    "0x10",
    "1,5",
    "١٢٣",
    "-0",
    "00001",
    "1.",
    ".5",
    " 1",
    "+1",
    "9999999999999.99",
    "999999999999.9999999999",
    "0.00000000001",
    "-100.00",
    "",
  ),
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    1e308,
    -1e308,
    5e-324,
    0,
    -1,
    1_000_000_000_000_000,
  ),
);

/** Any JSON value of a wrong type or shape. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 3, arbitrary: badNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { a: 1 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 1200 }, () => ({}))) },
);

type Json = Record<string, unknown>;

/** encodeURIComponent that survives lone surrogates (they become U+FFFD, as a browser would send them). */
const encode = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));
  }
};

/** Paths (in a valid body) a mutation may touch. */
const BODY_PATHS = [
  [],
  ["series"],
  ["currency"],
  ["issue_date"],
  ["customer"],
  ["customer", "document_type"],
  ["customer", "document_number"],
  ["customer", "name"],
  ["customer", "address"],
  ["customer", "country_code"],
  ["items"],
  ["items", 0],
  ["items", 0, "description"],
  ["items", 0, "quantity"],
  ["items", 0, "unit_price"],
  ["items", 0, "unit_code"],
  ["items", 0, "igv_affectation"],
  ["items", 0, "discount"],
  ["items", 0, "discount", "amount"],
  ["items", 1],
  ["payment"],
  ["payment", "type"],
  ["payment", "installments"],
  ["detraction"],
  ["notes"],
  ["global_discount"],
] as const;

/** Paths the valid base body holds, all required: deleting one makes the body invalid. */
const PRESENT_PATHS = [
  ["series"],
  ["items"],
  ["items", 0],
  ["items", 0, "description"],
  ["items", 0, "quantity"],
  ["items", 0, "unit_price"],
] as const;

type Mutation =
  | { kind: "set"; path: readonly (string | number)[]; value: unknown }
  | { kind: "delete"; path: readonly (string | number)[] }
  | { kind: "extra"; path: readonly (string | number)[]; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("set" as const),
      path: fc.constantFrom(...BODY_PATHS),
      value: wrongValue,
    }),
  },
  {
    weight: 2,
    // Deleting what the valid body holds (deleting an absent optional field would leave it valid).
    arbitrary: fc.record({ kind: fc.constant("delete" as const), path: fc.constantFrom(...PRESENT_PATHS) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("extra" as const),
      path: fc.constantFrom([], ["customer"], ["items", 0]),
      key: fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom("__proto__", "constructor", "$where", "id", "number"),
      ),
      value: wrongValue,
    }),
  },
);

function applyMutation(body: Json, m: Mutation): Json {
  if (m.path.length === 0) {
    if (m.kind === "extra") return { ...body, [m.key]: m.value };
    // Replacing or deleting the whole body: send the wrong value itself.
    return m.kind === "set" ? ({ __whole: m.value } as Json) : ({} as Json);
  }
  const copy = structuredClone(body);
  let parent: any = copy;
  for (const step of m.path.slice(0, -1)) {
    if (parent[step] === null || typeof parent[step] !== "object")
      parent[step] = typeof step === "number" ? [] : {};
    parent = parent[step];
  }
  const last = m.path[m.path.length - 1]!;
  if (m.kind === "set") parent[last] = m.value;
  else if (m.kind === "delete") delete parent[last];
  else {
    if (parent[last] === null || typeof parent[last] !== "object") parent[last] = {};
    parent[last][m.key] = m.value;
  }
  return copy;
}

const validCreate = fc.oneof(
  fc.record({ kind: fc.constant("invoice" as const), series: fc.constantFrom(...FUZZ_SERIES.invoice) }),
  fc.record({ kind: fc.constant("receipt" as const), series: fc.constantFrom(...FUZZ_SERIES.receipt) }),
);

function baseBody(kind: "invoice" | "receipt", series: string): Json {
  return {
    series,
    customer: kind === "invoice" ? RUC_CUSTOMER : DNI_CUSTOMER,
    items: [{ description: "Producto", quantity: 1, unit_price: "100.00" }],
  };
}

const createHeaders = fc.record(
  {
    "content-type": fc.oneof(
      { weight: 8, arbitrary: fc.constant("application/json") },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "text/plain",
          "application/x-www-form-urlencoded",
          "application/json; charset=latin1",
          "multipart/form-data",
          "",
        ),
      },
      { weight: 1, arbitrary: headerValue },
    ),
    "idempotency-key": fc.oneof(headerValue, fc.constant("k".repeat(256)), fc.uuid()),
    prefer: fc.oneof(
      fc.constantFrom("wait=0", "wait=-1", "wait=abc", "wait=99999999999", "respond-async", "wait="),
      headerValue,
    ),
    accept: fc.constantFrom("application/xml", "*/*", "text/html"),
  },
  { requiredKeys: ["content-type"] },
);

/** A valid create body with one to three mutations, or bad JSON, with possibly odd headers. */
const mutatedCreate: fc.Arbitrary<FuzzRequest> = fc
  .tuple(validCreate, fc.array(mutation, { minLength: 1, maxLength: 3 }), createHeaders)
  .map(([{ kind, series }, mutations, headers]) => {
    const mutated = mutations.reduce(applyMutation, baseBody(kind, series));
    const body = "__whole" in mutated ? mutated.__whole : mutated;
    return {
      method: "POST" as const,
      path: kind === "invoice" ? "/v1/invoices" : "/v1/receipts",
      headers,
      body: JSON.stringify(body) ?? "null",
      series,
    };
  });

const badJson: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    "{",
    "}",
    "[",
    '{"series": "F001",',
    '{"series": "F001", "items": [}',
    "{'series': 'F001'}",
    "null",
    "true",
    "0",
    '""',
    "[]",
    '{"a":1}{"b":2}',
    "\uFEFF{}",
    '{"series":"\\ud800"}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    "[".repeat(5000) + "]".repeat(5000),
    `{"a":${"[".repeat(2000)}${"]".repeat(2000)}}`,
    `{"items":[${Array.from({ length: 1000 }, () => '{"description":"x","quantity":1,"unit_price":"1.00"}').join(",")}]}`,
    `{"items":[${Array.from({ length: 1000 }, () => "1").join(",")}],"series":"FZ01"}`,
  ),
);

const badJsonCreate: fc.Arbitrary<FuzzRequest> = fc
  .tuple(validCreate, badJson, createHeaders)
  .map(([{ kind, series }, body, headers]) => ({
    method: "POST" as const,
    path: kind === "invoice" ? "/v1/invoices" : "/v1/receipts",
    headers,
    body,
    series,
  }));

/** Id-like path segments: real ids, other shapes, encodings, traversal, huge. */
const idSegment = (known: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant("doc_x") },
    { weight: 2, arbitrary: nastyString.map((s) => encode(s.slice(0, 2000))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "..%2F..%2Fetc%2Fpasswd",
        "%2e%2e",
        "%00",
        "%ZZ",
        "%",
        "doc_",
        "evt_",
        "whe_",
        "eml_",
        "00000000000000000000000000",
        "doc_01JZZZZZZZZZZZZZZZZZZZZZZZ",
        "x".repeat(5000),
      ),
    },
  );

const queryValue = fc.oneof(
  nastyString.map((s) => s.slice(0, 500)),
  badNumber.map(String),
  fc.constantFrom(
    "10",
    "100",
    "101",
    "0",
    "-1",
    "1e3",
    "pending",
    "accepted",
    "01",
    "03",
    "2024-01-01",
    "2024-13-45",
  ),
);

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          "limit",
          "starting_after",
          "ending_before",
          "type",
          "series",
          "status",
          "issue_date[gte]",
          "issue_date[lte]",
          "created[gte]",
          "created[lte]",
          "customer_document_number",
          "document_id",
          "expires",
          "signature",
          "format",
          "after",
        ),
        fc.string({ maxLength: 10 }),
      ),
      queryValue,
    ),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs.length === 0 ? "" : `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")}`,
  );

const anyJsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  badJson,
  fc
    .record(
      {
        url: fc.oneof(
          nastyString,
          fc.webUrl(),
          fc.constantFrom(
            "http://127.0.0.1:1/x",
            "https://169.254.169.254/latest",
            "https://[::1]/",
            "file:///etc/passwd",
            "javascript:alert(1)",
          ),
        ),
        events: fc.oneof(fc.array(nastyString, { maxLength: 25 }), wrongValue),
        description: wrongValue,
        enabled: wrongValue,
        to: fc.oneof(fc.array(fc.oneof(fc.emailAddress(), nastyString), { maxLength: 12 }), wrongValue),
        cc: wrongValue,
        pfx: wrongValue,
        password: wrongValue,
        certificate: wrongValue,
        private_key: wrongValue,
        user: wrongValue,
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
);

/** Every other route, fuzzed: reads with odd ids and queries, and the other POST/PUT bodies. */
const otherRoute = (known: KnownIds): fc.Arbitrary<FuzzRequest> => {
  const doc = idSegment(known.documents);
  const endpoint = idSegment(known.webhookEndpoints);
  const anyId = idSegment([...known.documents, ...known.webhookEndpoints]);
  const get = (path: fc.Arbitrary<string>) =>
    fc.tuple(path, queryString).map(([p, q]) => ({ method: "GET" as const, path: `${p}${q}`, headers: {} }));
  const post = (path: fc.Arbitrary<string>, method: "POST" | "PUT" = "POST") =>
    fc
      .tuple(path, anyJsonBody, createHeaders)
      .map(([p, body, headers]) => ({ method, path: p, headers, body }));
  return fc.oneof(
    get(fc.constant("/v1/documents")),
    get(doc.map((id) => `/v1/documents/${id}`)),
    get(fc.constant("/v1/events")),
    get(anyId.map((id) => `/v1/events/${id}`)),
    get(fc.constant("/v1/events/stream")),
    get(anyId.map((id) => `/v1/emails/${id}`)),
    get(fc.constant("/v1/company")),
    get(fc.constant("/v1/webhook_endpoints")),
    get(endpoint.map((id) => `/v1/webhook_endpoints/${id}`)),
    get(endpoint.map((id) => `/v1/webhook_endpoints/${id}/deliveries`)),
    get(
      fc
        .tuple(
          doc,
          fc.oneof(fc.constantFrom("xml", "cdr", "pdf", "ticket", "zip", ""), nastyString.map(encode)),
        )
        .map(([id, kind]) => `/v1/files/${id}/${kind}`),
    ),
    get(
      fc.oneof(
        nastyString.map((s) => `/v1/${encode(s)}`),
        fc.constantFrom("/", "/v2/invoices", "/v1//documents", "/v1/documents/"),
      ),
    ),
    post(doc.map((id) => `/v1/documents/${id}/email`)),
    post(fc.constant("/v1/webhook_endpoints")),
    post(endpoint.map((id) => `/v1/webhook_endpoints/${id}`)),
    post(endpoint.map((id) => `/v1/webhook_endpoints/${id}/rotate_secret`)),
    post(fc.tuple(endpoint, anyId).map(([id, d]) => `/v1/webhook_endpoints/${id}/deliveries/${d}/retry`)),
    post(fc.constant("/v1/company/certificate"), "PUT"),
    post(fc.constant("/v1/company/sol_credentials"), "PUT"),
    post(fc.constantFrom("/v1/documents", "/v1/events", "/v1/company")),
  );
};

/** Authorization headers other than the suite's key (401s must be clean too). */
const badAuth = fc.oneof(
  fc.constantFrom(
    "",
    "Bearer",
    "Bearer ",
    "Basic dXNlcjpwYXNz",
    "Bearer sk_test_",
    "Bearer sk_live_x",
    "bearer  x",
  ),
  headerValue.map((v) => `Bearer ${v}`),
);

/** One fuzzed request of any kind; `auth` is undefined to use the suite's own key. */
export const fuzzRequest = (known: KnownIds): fc.Arbitrary<FuzzRequest & { auth?: string }> =>
  fc.oneof(
    { weight: 10, arbitrary: mutatedCreate },
    { weight: 2, arbitrary: badJsonCreate },
    { weight: 6, arbitrary: otherRoute(known) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(mutatedCreate, otherRoute(known)), badAuth)
        .map(([req, auth]) => ({ ...req, auth })),
    },
  );
