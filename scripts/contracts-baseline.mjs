#!/usr/bin/env node
// Rewrites proto/contracts-baseline.json, the image `npm test` checks `buf breaking` against. Run it only to make
// an intentional breaking change of the contracts: the break then shows in the diff of the baseline file.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const image = execFileSync("npx", ["buf", "build", "--exclude-source-info", "-o", "-#format=json"], {
  maxBuffer: 64 << 20,
});
// Indented so a review sees which message or field changed.
writeFileSync(
  "proto/contracts-baseline.json",
  `${JSON.stringify(JSON.parse(image.toString("utf8")), null, 1)}\n`,
);
console.log("proto/contracts-baseline.json rewritten");
