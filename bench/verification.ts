/**
 * `npm run bench:verification`: the validation engine on official-looking documents rendered by
 * the platform's renderer (footer with code and QR) and signed three times by the signing
 * service with PAdES-B-T (its own development PKI and TSA, in-process):
 *   one page, 3 signatures   verifications/s (sequential, in-process) and p50
 *   ~10 MB, 3 signatures     p50 (a page with an incompressible full-page image)
 */
import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';
import { loadConfig } from '../config/index.js';
import { ChromiumRenderer } from '../domain/rendering/chromium-renderer.js';
import type { RenderInput } from '../domain/rendering/pdf-renderer.js';
import { validatePdf } from '../domain/verification/engine.js';
import { TrustAnchors } from '../domain/verification/trust.js';
import { startCorpusSigner } from '../test/verification/support/signing.js';
import { fmt, summarize } from './_stats.js';

const DOCUMENT: Omit<RenderInput, 'html'> = {
  documentTypeName: 'Informe',
  documentTypeAcronym: 'INF',
  reference: 'Informe de inspección',
  municipality: 'Municipalidad de Villa Esperanza',
  signatureSlots: 3,
  verification: { code: '7K3MQ9XW2HRT', url: 'https://expediente.example.gob.ar/verificar/7K3M-Q9XW-2HRT' },
};

/** A random-pixel PNG as a data URL: incompressible, so the PDF is about as large as its pixels. */
function noiseImage(side: number): string {
  const png = new PNG({ width: side, height: side, colorType: 2 });
  png.data = randomBytes(side * side * 4);
  return `data:image/png;base64,${PNG.sync.write(png, { colorType: 2 }).toString('base64')}`;
}

function timeValidations(
  pdf: Buffer,
  anchors: TrustAnchors,
  count: number,
): { perSecond: number; p50: number; p99: number } {
  for (let i = 0; i < Math.min(10, count); i++) validatePdf(pdf, { anchors });
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const report = validatePdf(pdf, { anchors });
    latencies.push(performance.now() - t);
    if (
      report.signatures.length !== 3 ||
      !report.signatures.every((s) => s.signatureValid && s.digestValid && s.trusted)
    )
      throw new Error(
        `the benchmark document does not validate: ${JSON.stringify(report.signatures.map((s) => s.problems))}`,
      );
  }
  const { p50, p99 } = summarize(latencies);
  return { perSecond: count / ((performance.now() - started) / 1000), p50, p99 };
}

async function signedThreeTimes(sign: (pdf: Buffer, name: string) => Promise<Buffer>, pdf: Buffer): Promise<Buffer> {
  for (const name of ['Lucía Fernández', 'Sofía Ibáñez', 'Martín Álvarez']) pdf = await sign(pdf, name);
  return pdf;
}

async function main(): Promise<void> {
  const renderer = new ChromiumRenderer(loadConfig().chromiumPath, 1);
  const signer = await startCorpusSigner();
  try {
    const anchors = TrustAnchors.fromPemFiles([signer.pki.caCertPath]);
    const sign = (pdf: Buffer, name: string) => signer.sign(pdf, name);
    const small = await signedThreeTimes(
      sign,
      await renderer.render({ ...DOCUMENT, html: '<h1>Inspección</h1><p>Obra de la calle Güemes: aprobada.</p>' }),
    );
    const big = await signedThreeTimes(
      sign,
      await renderer.render({
        ...DOCUMENT,
        html: `<p>Plano escaneado:</p><img src="${noiseImage(1900)}" width="500" height="500">`,
      }),
    );

    const one = timeValidations(small, anchors, 500);
    console.log(
      `one page, 3 signatures (${fmt(small.length / 1024, 0)} KB): ${fmt(one.perSecond, 0)} verifications/s sequential (p50 ${fmt(one.p50, 2)} ms, p99 ${fmt(one.p99, 2)} ms)`,
    );
    const large = timeValidations(big, anchors, 20);
    console.log(
      `${fmt(big.length / 1024 / 1024, 2)} MB, 3 signatures: p50 ${fmt(large.p50)} ms, p99 ${fmt(large.p99)} ms (${fmt(large.perSecond, 1)} verifications/s)`,
    );
  } finally {
    await signer.close();
    await renderer.close();
  }
}

await main();
