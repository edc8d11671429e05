/**
 * The reference point for bench/signer.ts: pyHanko (PyPI) signing the same PDFs with the same
 * PKCS#12 and the same time-stamping authority, PAdES-B-T with a visible field of the same size.
 * It runs in one Python process and times only the signing calls (interpreter start excluded).
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const SCRIPT = `
import io, json, logging, sys, time
logging.disable(logging.WARNING)
from pyhanko.sign import fields, signers, timestamps
from pyhanko.sign.fields import SigFieldSpec
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

p12, password, tsa_url = sys.argv[1:4]
jobs = json.loads(sys.argv[4])
signer = signers.SimpleSigner.load_pkcs12(p12, passphrase=password.encode())
timestamper = timestamps.HTTPTimeStamper(tsa_url)

def sign(data):
    writer = IncrementalPdfFileWriter(io.BytesIO(data))
    meta = signers.PdfSignatureMetadata(field_name='Firma1', subfilter=fields.SigSeedSubFilter.PADES, md_algorithm='sha256')
    spec = SigFieldSpec('Firma1', box=(50, 40, 296, 112))
    return signers.sign_pdf(writer, meta, signer=signer, timestamper=timestamper, new_field_spec=spec).getvalue()

result = {}
for job in jobs:
    data = open(job['pdf'], 'rb').read()
    out = sign(data)  # warm-up; also kept for validation
    open(job['pdf'] + '.pyhanko.pdf', 'wb').write(out)
    times = []
    for _ in range(job['count']):
        t = time.perf_counter()
        sign(data)
        times.append((time.perf_counter() - t) * 1000)
    result[job['name']] = times
print(json.dumps(result))
`;

export interface PyhankoJob {
  name: string;
  pdf: string;
  count: number;
}

/** Per-signature times in milliseconds, by job name. */
export async function runPyhanko(
  dir: string,
  p12: string,
  password: string,
  tsaUrl: string,
  jobs: PyhankoJob[],
): Promise<Record<string, number[]>> {
  const script = path.join(dir, 'pyhanko-sign.py');
  await writeFile(script, SCRIPT);
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(
      'python3',
      [script, p12, password, tsaUrl, JSON.stringify(jobs)],
      { maxBuffer: 16 * 1024 * 1024 },
      (err, out, stderr) => (err ? reject(new Error(`pyHanko failed: ${stderr || err.message}`)) : resolve(out)),
    ),
  );
  return JSON.parse(stdout) as Record<string, number[]>;
}
