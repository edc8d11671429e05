/** The Spanish fixtures of the summary tests, and documents of a given length made from them (tests and bench). */
import { readFileSync } from 'node:fs';

export const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** A document of `pages` pages (500 words each, to the line) made of the fixtures' lines, numbered apart on each pass. */
export function pagesOfText(pages: number): string {
  const source = `${fixture('ordenanza.txt')}\n${fixture('informe-inspeccion.txt')}`.split('\n');
  const lines: string[] = [];
  let words = 0;
  for (let i = 0; words < pages * 500; i++) {
    const line = source[i % source.length]!.replace(/N° ([\d.]+)/g, `N° $1-${Math.floor(i / source.length)}`);
    lines.push(line);
    words += line.split(/\s+/).filter(Boolean).length;
  }
  return lines.join('\n');
}
