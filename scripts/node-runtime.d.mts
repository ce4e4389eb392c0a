/** Types of scripts/node-runtime.mjs (plain JavaScript, as it runs before node_modules exists). */
export const ROOT: string;
export interface PinnedNode {
  /** `node-<platform>-<arch>`. */
  name: string;
  /** The exact release package.json pins. */
  version: string;
  /** Where npm installs it: node_modules/<name>. */
  dir: string;
  /** Its node binary. */
  bin: string;
}
export function pinnedNode(root?: string): PinnedNode | undefined;
export function fetchPinnedNode(root?: string): void;
export function requiredMajor(root?: string): number;
export function pinnedEnv(root?: string, env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function ensureNativeAddons(root?: string): void;
