/**
 * `npm run fonts:subset`: cuts Arimo (regular and bold, from the @expo-google-fonts/arimo package)
 * to the printable WinAnsi characters with HarfBuzz's hb-subset, without hinting or shaping
 * tables, and writes them as base64 into arimo-winansi.ts, which the service embeds in every
 * signature. The cut happens here rather than in the service: HarfBuzz's WebAssembly memory
 * (about 30 MB per document worker) would stay with the process for good.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { WIN_ANSI_PRINTABLE } from '../../lib/pdf/win-ansi.js';
import { SubsettableFace } from './subset.js';

export const SOURCES = {
  regular: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  bold: '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf',
} as const;

/** The subsets as the module holds them (base64), cut now from the package's fonts. */
export function cutSubsets(): Record<keyof typeof SOURCES, string> {
  const require = createRequire(import.meta.url);
  const cut = (file: string) =>
    Buffer.from(
      new SubsettableFace(new Uint8Array(readFileSync(require.resolve(file)))).subset(WIN_ANSI_PRINTABLE),
    ).toString('base64');
  return { regular: cut(SOURCES.regular), bold: cut(SOURCES.bold) };
}

function moduleText(subsets: Record<keyof typeof SOURCES, string>): string {
  const wrap = (b64: string) =>
    b64
      .match(/.{1,100}/g)!
      .map((l) => `    '${l}'`)
      .join(' +\n');
  return `/**
 * Arimo (Copyright 2026 The Arimo Project Authors, SIL Open Font License 1.1: see
 * ARIMO-LICENSE.txt beside this file) cut to the printable WinAnsi characters.
 * Written by \`npm run fonts:subset\` (signer/appearance/cut-fonts.ts); do not edit.
 */
export const ARIMO_WINANSI = {
  regular:
${wrap(subsets.regular)},
  bold:
${wrap(subsets.bold)},
} as const;
`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const target = new URL('./arimo-winansi.ts', import.meta.url);
  writeFileSync(target, moduleText(cutSubsets()));
  process.stdout.write(`wrote ${target.pathname}\n`);
}
