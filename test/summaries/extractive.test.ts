/**
 * The offline extractive summarizer on real Spanish municipal texts: its summary is made of
 * sentences of the text, within the cap, the same every time, and fast.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ExtractiveSummarizer, extractSentences, SUMMARY_MAX_CHARS } from '../../domain/summaries/index.js';
import { splitSentences, squash } from '../../domain/summaries/text.js';
import { fixture } from './pages.js';

const summarizer = new ExtractiveSummarizer();
const run = promisify(execFile);

describe('summaries: extractive provider', () => {
  for (const [name, expected] of [
    ['ordenanza.txt', /arbolado público/],
    ['informe-inspeccion.txt', /inspección|establecimiento|humo/i],
  ] as const) {
    it(`summarizes ${name} with sentences of the text, within ${SUMMARY_MAX_CHARS} characters`, async () => {
      const text = fixture(name);
      const sentences = extractSentences(text);
      assert.ok(sentences.length >= 1 && sentences.length <= 3, `1–3 sentences, got ${sentences.length}`);
      const flat = squash(text);
      const own = new Set(splitSentences(text));
      for (const s of sentences) {
        assert.ok(flat.includes(s), `"${s}" is text of the document`);
        assert.ok(own.has(s), `"${s}" is a whole sentence of the document`);
      }
      const summary = await summarizer.summarize({ kind: 'memo', text });
      assert.equal(summary.text, sentences.join(' '));
      assert.ok(summary.text.length <= SUMMARY_MAX_CHARS);
      assert.match(summary.text, expected);
      assert.deepEqual(
        { provider: summary.provider, model: summary.model },
        { provider: 'extractive', model: 'tfidf-centroid-es-v1' },
      );
    });
  }

  it('keeps sentences in text order, skips headings and is deterministic', () => {
    const text = fixture('ordenanza.txt');
    const first = extractSentences(text);
    assert.deepEqual(extractSentences(text), first);
    const all = splitSentences(text);
    const positions = first.map((s) => all.indexOf(s));
    assert.deepEqual(
      [...positions].sort((a, b) => a - b),
      positions,
    );
    assert.ok(
      !first.some((s) => /^(CAPÍTULO|VISTO|CONSIDERANDO|ORDENANZA N°)/.test(s)),
      'headings are not representative sentences',
    );
  });

  it('splits Spanish sentences without breaking at abbreviations (Art., Sr., Ing., N°)', () => {
    assert.deepEqual(
      splitSentences('Lo dispone el Art. 5 de la ordenanza. El Sr. Quiroga firmó el acta. Intervino la Ing. Benítez.'),
      ['Lo dispone el Art. 5 de la ordenanza.', 'El Sr. Quiroga firmó el acta.', 'Intervino la Ing. Benítez.'],
    );
  });

  it('caps a single overlong sentence at a word, and answers short texts with themselves', async () => {
    const long = `La comisión ${'evaluó los antecedentes del expediente y '.repeat(40)}resolvió aprobarlo.`;
    const [cut] = extractSentences(long, { maxChars: 200 });
    assert.ok(cut!.length <= 200);
    assert.ok(cut!.endsWith('…'));
    assert.ok(long.startsWith(cut!.slice(0, -1)));
    assert.equal(
      (await summarizer.summarize({ kind: 'record', text: 'Arq. Ana Pérez.\nMatrícula: MP-1234.' })).text,
      'Arq. Ana Pérez. Matrícula: MP-1234.',
    );
    assert.equal((await summarizer.summarize({ kind: 'record', text: '' })).text, '');
  });

  it('summarizes a 10-page document in at most 5 ms', async () => {
    // In a process of its own: CPU time there is the summarizer's alone (here the stack's threads would count).
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      fileURLToPath(new URL('./time-extractive.ts', import.meta.url)),
      '10',
      '50',
    ]);
    const timing = JSON.parse(stdout) as { words: number; cpuMs: number; p50: number };
    assert.ok(
      timing.cpuMs <= 5,
      `${timing.cpuMs.toFixed(2)} ms of CPU per summary (wall median ${timing.p50.toFixed(2)} ms) for ${timing.words} words`,
    );
  });
});
