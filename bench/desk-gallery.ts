/**
 * `npm run desk:gallery`: screenshots of the desk's main screens for docs/desk/ (or GALLERY_DIR),
 * with a README listing them. Starts the test stack, makes a morning's content through the APIs
 * (_desk-content.ts), logs in as Lucía Fernández through the provider's page and shoots each
 * screen at 1280×800 (Inicio also at a phone's 390×844) once its data is shown. Each PNG is
 * written with a 256-colour palette (sharp's libimagequant) to keep the repository light.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { loginAs } from '../test/web/support.js';
import { ensureWebBuild } from '../web/build.js';
import { LUCIA, seedDeskContent, startDeskStack, stopDeskStack, type DeskContent } from './_desk-content.js';
import { mainScreens } from './_desk-screens.js';

const OUT = path.resolve(process.env.GALLERY_DIR ?? 'docs/desk');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface Shot {
  file: string;
  caption: string;
  viewport: { width: number; height: number };
  /** Opens the screen and waits until it shows what the picture is for. */
  open(page: Page, desk: string): Promise<void>;
}

function shots(c: DeskContent): Shot[] {
  const main = new Map(mainScreens(c, LUCIA.name).map((s) => [s.name, s]));
  const screen = (name: string) => async (page: Page, desk: string) => {
    const s = main.get(name)!;
    await page.goto(`${desk}${s.path}`);
    await s.ready(page);
  };
  /** A mailbox with `subject` open in the reading pane. */
  const mailbox = (name: string, singular: string, subject: string) => async (page: Page, desk: string) => {
    await screen(name)(page, desk);
    await page.getByRole('row').filter({ hasText: subject }).getByRole('button', { name: subject }).click();
    await page
      .getByRole('region', { name: `${singular}: ${subject}` })
      .getByRole('link', { name: 'PDF firmado' })
      .waitFor();
  };
  return [
    {
      file: 'inicio.png',
      caption: "Inicio: documents waiting for the user's signature, counters and the recent activity of their sectors.",
      viewport: DESKTOP,
      open: screen('Inicio'),
    },
    {
      file: 'documentos.png',
      caption: "Documentos: the user's documents with search and filters by status and type.",
      viewport: DESKTOP,
      open: screen('Documentos'),
    },
    {
      file: 'documento-firmantes.png',
      caption:
        'A signed document: its official number, the signed PDF, who signed it and when, and the validation of its signatures.',
      viewport: DESKTOP,
      async open(page, desk) {
        await page.goto(`${desk}/documentos/${c.signed.id}`);
        await page.getByTestId('official-number').filter({ hasText: c.signed.number }).waitFor();
        await page.locator('[data-testid="pdf-pages"] canvas').first().waitFor({ timeout: 60_000 });
        await page.getByTestId('signature-validation').getByText('Documento auténtico').waitFor({ timeout: 60_000 });
      },
    },
    {
      file: 'expedientes.png',
      caption: "Expedientes: the cases of the user's sectors, with search and filters by status and date.",
      viewport: DESKTOP,
      open: screen('Expedientes'),
    },
    {
      file: 'expediente.png',
      caption: 'An expediente: its signed cover (carátula), documents, movements and what the user may do with it.',
      viewport: DESKTOP,
      async open(page, desk) {
        await page.goto(`${desk}/expedientes/${c.firstCase.id}`);
        await page.getByRole('heading', { name: c.firstCase.number }).first().waitFor();
        await page
          .getByRole('link', { name: /^CAEX-\d{4}-/ })
          .first()
          .waitFor({ timeout: 90_000 });
      },
    },
    {
      file: 'notas.png',
      caption: "Notas: notes received by the user's sectors, one open in the reading pane with its signed PDF.",
      viewport: DESKTOP,
      open: mailbox('Notas', 'Nota', c.note.reference),
    },
    {
      file: 'memos.png',
      caption: 'Memos: memos received by the user, one open in the reading pane with its recipients by name.',
      viewport: DESKTOP,
      open: mailbox('Memos', 'Memo', c.memo.reference),
    },
    {
      file: 'legajos.png',
      caption: 'Legajos: the registries the user may read and their records (here, street lights).',
      viewport: DESKTOP,
      async open(page, desk) {
        await page.goto(`${desk}/legajos`);
        await page.getByRole('heading', { name: 'Legajos', level: 1 }).waitFor();
        await page
          .getByRole('button', { name: /Luminarias/ })
          .first()
          .click();
        await page.getByText(c.record.name).first().waitFor();
      },
    },
    {
      file: 'verificacion-publica.png',
      caption:
        'Public verification (no login): what a citizen sees for a verification code printed on an official PDF.',
      viewport: DESKTOP,
      async open(page, desk) {
        await page.goto(`${desk}/verificar/${c.signed.verificationCode}`);
        await page.getByText(c.signed.number).first().waitFor();
      },
    },
    {
      file: 'inicio-telefono.png',
      caption: 'Inicio on a phone (390 px wide): the menu folds behind a button and the tables scroll sideways.',
      viewport: PHONE,
      open: screen('Inicio'),
    },
  ];
}

function readme(list: Shot[]): string {
  const lines = [
    '# The desk in pictures',
    '',
    "The main screens of the municipal desk with a morning's demo content, seen by Lucía Fernández",
    '(Dirección de Obras Particulares, Municipalidad de Villa Esperanza). Regenerate them with',
    '`npm run desk:gallery` (the test stack and Chromium, about two minutes; `GALLERY_DIR` writes elsewhere).',
    '',
    ...list.map((s) => `- [\`${s.file}\`](${s.file}) (${s.viewport.width}×${s.viewport.height}): ${s.caption}`),
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  await ensureWebBuild((l) => process.stdout.write(`  web: ${l}\n`));
  mkdirSync(OUT, { recursive: true });
  const stack = await startDeskStack();
  const browser = await chromium.launch({ executablePath: stack.config.chromiumPath, args: ['--no-sandbox'] });
  try {
    const content = await seedDeskContent();
    const { context, page } = await loginAs(browser, stack.apiUrl, LUCIA);
    page.setDefaultTimeout(30_000);
    const list = shots(content);
    for (const shot of list) {
      await page.setViewportSize(shot.viewport);
      await shot.open(page, stack.apiUrl);
      // Pointer away from any hover effect; nothing animating.
      await page.mouse.move(0, shot.viewport.height - 1);
      await page.waitForTimeout(300);
      const png = await sharp(await page.screenshot())
        .png({ palette: true, effort: 10, compressionLevel: 9 })
        .toBuffer();
      writeFileSync(path.join(OUT, shot.file), png);
      process.stdout.write(`  ${shot.file.padEnd(26)} ${(png.length / 1024).toFixed(0)} kB\n`);
    }
    writeFileSync(path.join(OUT, 'README.md'), readme(list));
    process.stdout.write(`gallery written to ${OUT}\n`);
    await context.close();
  } finally {
    await browser.close();
    await stopDeskStack();
  }
}

main().catch((err: Error) => {
  process.stderr.write(`${err.stack ?? err.message}\n`);
  process.exit(1);
});
