import { parseArgs } from "node:util";
import { listen } from "./listen.js";

const USAGE = `einvoice listen --forward-to <url> [--events <type,type>] [--api-key <sk_…>] [--base-url <url>]

Relays the events of the key's mode to a local server, signed like real webhook deliveries.
  --forward-to  where to POST each event (e.g. http://localhost:3000/webhooks)
  --events      comma-separated event types (default: all)
  --api-key     the API key (default: $EINVOICE_API_KEY)
  --base-url    the API (default: $EINVOICE_BASE_URL, else http://127.0.0.1:8080)`;

const [command, ...rest] = process.argv.slice(2);
if (command !== "listen") {
  console.error(USAGE);
  process.exit(2);
}
const { values } = parseArgs({
  args: rest,
  options: {
    "forward-to": { type: "string" },
    events: { type: "string" },
    "api-key": { type: "string" },
    "base-url": { type: "string" },
  },
});
const apiKey = values["api-key"] ?? process.env.EINVOICE_API_KEY;
if (!values["forward-to"] || !apiKey) {
  console.error(USAGE);
  process.exit(2);
}
const controller = new AbortController();
process.once("SIGINT", () => controller.abort());
process.once("SIGTERM", () => controller.abort());
try {
  await listen({
    baseUrl: (values["base-url"] ?? process.env.EINVOICE_BASE_URL ?? "http://127.0.0.1:8080").replace(
      /\/$/,
      "",
    ),
    apiKey,
    forwardTo: values["forward-to"],
    events: values.events ? values.events.split(",").map((t) => t.trim()) : [],
    signal: controller.signal,
  });
} catch (error) {
  console.error(`einvoice listen: ${(error as Error).message}`);
  process.exit(1);
}
