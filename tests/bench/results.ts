import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = path.join(import.meta.dirname, 'RESULTS.md');

/**
 * Replaces the section whose heading starts with `heading` in tests/bench/RESULTS.md (up to the
 * next '## ' heading), or appends it; other sections, such as hand-written notes, stay.
 */
export function writeResultsSection(heading: string, section: string): void {
  const existing = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmark results\n\n';
  const start = existing.indexOf(heading);
  const next = start >= 0 ? existing.indexOf('\n## ', start + 3) : -1;
  const body = section.endsWith('\n') ? section : `${section}\n`;
  const updated = start >= 0 ? existing.slice(0, start) + body + (next >= 0 ? `\n${existing.slice(next + 1)}` : '') : `${existing.trimEnd()}\n\n${body}`;
  writeFileSync(FILE, updated);
}
