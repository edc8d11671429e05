/**
 * The desk's screens over `DeskContent`: where each lives and when it is interactive (its own data
 * shown and its main control usable). Shared by `bench:web` and `desk:gallery`.
 */
import type { Page } from 'playwright-core';
import type { DeskContent } from './_desk-content.js';

export interface DeskScreen {
  name: string;
  path: string;
  /** Resolves once the screen shows its data and answers input. */
  ready(page: Page): Promise<void>;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

/** A list's search box shown and enabled. */
async function searchable(page: Page, placeholder: string): Promise<void> {
  const box = page.getByPlaceholder(placeholder);
  await box.waitFor();
  if (!(await box.isEnabled())) throw new Error(`the search box "${placeholder}" is disabled`);
}

/** The five screens of the desk's main navigation, for Lucía. */
export function mainScreens(c: DeskContent, userName: string): DeskScreen[] {
  return [
    {
      name: 'Inicio',
      path: '/',
      async ready(page) {
        await h1(page, `Hola, ${userName}`);
        await page.getByRole('link', { name: c.pendingReference }).first().waitFor();
      },
    },
    {
      name: 'Documentos',
      path: '/documentos',
      async ready(page) {
        await h1(page, 'Documentos');
        await page.getByRole('link', { name: c.draftReference }).waitFor();
        await searchable(page, 'Referencia o número');
      },
    },
    {
      name: 'Expedientes',
      path: '/expedientes',
      async ready(page) {
        await h1(page, 'Expedientes');
        await page.getByRole('link', { name: c.firstCase.number }).waitFor();
        await searchable(page, 'Número o referencia');
      },
    },
    {
      name: 'Notas',
      path: '/notas',
      async ready(page) {
        await h1(page, 'Notas');
        await page.getByText(c.note.reference).first().waitFor();
        await searchable(page, 'Asunto o número');
      },
    },
    {
      name: 'Memos',
      path: '/memos',
      async ready(page) {
        await h1(page, 'Memos');
        await page.getByText(c.memo.reference).first().waitFor();
        await searchable(page, 'Asunto o número');
      },
    },
  ];
}
