/**
 * The platform's renderer: covers with a fixed layout are drawn directly (cover-renderer.ts),
 * everything else goes to the browser.
 */
import { readCoverLayout } from './cover-layout.js';
import { drawCover } from './cover-renderer.js';
import type { PdfRenderer, RenderInput } from './pdf-renderer.js';

export class LayoutRenderer implements PdfRenderer {
  constructor(private readonly browser: PdfRenderer) {}

  async render(input: RenderInput): Promise<Buffer> {
    const layout = readCoverLayout(input.html);
    const drawn = layout ? await drawCover(input, layout) : undefined;
    return drawn ?? this.browser.render(input);
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}
