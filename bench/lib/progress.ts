/**
 * Progress while the suite runs, on stderr so stdout keeps only the final table. One line per step, rewritten
 * in place on a terminal and throttled to one line a second otherwise (CI logs).
 */
let label = "";
let lastWrite = 0;
const tty = process.stderr.isTTY;

export function step(index: number, total: number, name: string) {
  label = `[${index}/${total}] ${name}`;
  if (tty) process.stderr.write("\n");
  process.stderr.write(`${label}${tty ? "" : "\n"}`);
  lastWrite = performance.now();
}

export function progress(detail: string) {
  const now = performance.now();
  if (tty) process.stderr.write(`\r\x1b[K${label}: ${detail}`);
  else if (now - lastWrite > 1000) {
    process.stderr.write(`  ${detail}\n`);
    lastWrite = now;
  }
}

export function note(message: string) {
  process.stderr.write(`${tty ? "\n" : ""}  ${message}\n`);
}
