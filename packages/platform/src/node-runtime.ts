/**
 * The Node.js major every einvoice process runs on: package.json's `engines.node`, the release it pins
 * (`node-<platform>-<arch>`, see scripts/node-runtime.mjs) and the Dockerfile's base image say the same
 * (node-runtime.test.ts checks that they do).
 */
export const NODE_MAJOR = 24;

/**
 * Throws, naming the way out, when this process runs on another major: a service or test on the machine's own
 * node would be testing what is not deployed, and a native addon built for the pinned ABI would not load anyway.
 */
export function assertNodeRuntime(version: string = process.version): void {
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  if (major === NODE_MAJOR) return;
  throw new Error(
    `einvoice runs on Node ${NODE_MAJOR}, but this process runs on ${version} (${process.execPath}). ` +
      "Start it through npm (`npm start`, `npm test`, `npm run …`, `npx …`), which puts the pinned " +
      "node_modules/.bin/node first, after `npm start` or `npm install` has fetched it.",
  );
}
