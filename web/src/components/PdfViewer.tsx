import { ActionIcon, Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Loading } from './common';

/** Zoom steps, relative to the width of the viewer (1 = the page as wide as the viewer). */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/** A canvas wider than this (in device pixels) is rendered at lower resolution and scaled by CSS. */
const MAX_CANVAS_WIDTH = 4096;

type LoadState = { kind: 'loading' } | { kind: 'ready'; pages: number } | { kind: 'error'; message: string };

/**
 * Shows a PDF with pdf.js (loaded only when a PDF is shown): every page drawn to a canvas as wide
 * as the viewer (never wider: CSS scales it down, and it is rendered for the screen's pixel
 * density), with zoom (Alejar, Acercar, Ajustar al ancho) and page navigation.
 */
export function PdfViewer({ data, title, downloadName }: { data: Blob; title: string; downloadName?: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const pagesRef = useRef<PDFPageProxy[]>([]);
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [doc, setDoc] = useState<PDFDocumentProxy>();
  const [href, setHref] = useState<string>();
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(0);
  const [current, setCurrent] = useState(1);
  const [typed, setTyped] = useState<string>();

  useEffect(() => {
    const url = URL.createObjectURL(data);
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [data]);

  // The document and its pages, with a placeholder canvas per page sized to its shape.
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setState({ kind: 'loading' });
    setDoc(undefined);
    setCurrent(1);
    void (async () => {
      try {
        const pdfjs = await import('pdfjs-dist');
        const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const task = pdfjs.getDocument({ data: new Uint8Array(await data.arrayBuffer()), isEvalSupported: false });
        destroy = () => void task.destroy();
        const loaded = await task.promise;
        const pages: PDFPageProxy[] = [];
        for (let n = 1; n <= loaded.numPages; n++) pages.push(await loaded.getPage(n));
        const box = host.current;
        if (cancelled || !box) return;
        pagesRef.current = pages;
        box.replaceChildren(
          ...pages.map((page, i) => {
            const frame = document.createElement('div');
            frame.className = 'pdf-page';
            frame.dataset.page = String(i + 1);
            frame.appendChild(pageCanvas(page, 1, title, i + 1, pages.length));
            return frame;
          }),
        );
        setDoc(loaded);
        setState({ kind: 'ready', pages: loaded.numPages });
      } catch (err) {
        if (!cancelled) setState({ kind: 'error', message: `No se pudo mostrar el PDF: ${(err as Error).message}` });
      }
    })();
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [data, title]);

  // The viewer's width, followed as the window or the layout changes.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, 100);
    });
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);

  // Draws every page for the current width, zoom and pixel density (a new canvas replaces the old once drawn).
  useEffect(() => {
    const box = host.current;
    const pages = pagesRef.current;
    if (!doc || !box || width <= 0 || pages.length === 0) return;
    let cancelled = false;
    let running: RenderTask | undefined;
    void (async () => {
      const ratio = window.devicePixelRatio || 1;
      for (let i = 0; i < pages.length; i++) {
        const page = pages[i];
        const cssWidth = width * zoom;
        const base = page.getViewport({ scale: 1 });
        const scale = Math.min((cssWidth * ratio) / base.width, MAX_CANVAS_WIDTH / base.width);
        const canvas = pageCanvas(page, scale, title, i + 1, pages.length);
        running = page.render({ canvas, viewport: page.getViewport({ scale }) });
        try {
          await running.promise;
        } catch {
          return; // cancelled: a newer drawing follows
        }
        if (cancelled) return;
        box.querySelector(`.pdf-page[data-page="${i + 1}"]`)?.replaceChildren(canvas);
      }
    })();
    return () => {
      cancelled = true;
      running?.cancel();
    };
  }, [doc, width, zoom, title]);

  const pageCount = state.kind === 'ready' ? state.pages : 0;

  // The page at the top of the viewer is the current one.
  const onScroll = useCallback(() => {
    const el = scroller.current;
    const box = host.current;
    if (!el || !box) return;
    const frames = Array.from(box.querySelectorAll<HTMLElement>('.pdf-page'));
    const top = el.scrollTop + el.clientHeight / 3;
    let n = 1;
    for (const f of frames) if (f.offsetTop <= top) n = Number(f.dataset.page);
    // Scrolled to the end: the last page is the one being read, however short.
    if (frames.length && el.scrollTop > 0 && el.scrollTop + el.clientHeight >= el.scrollHeight - 2) n = frames.length;
    setCurrent(n);
  }, []);

  const goTo = useCallback(
    (n: number) => {
      const el = scroller.current;
      const target = Math.min(Math.max(1, Math.round(n)), Math.max(1, pageCount));
      const frame = host.current?.querySelector<HTMLElement>(`.pdf-page[data-page="${target}"]`);
      if (el && frame) el.scrollTo({ top: frame.offsetTop, behavior: 'auto' });
      setCurrent(target);
      setTyped(undefined);
    },
    [pageCount],
  );

  const zoomIndex = ZOOMS.indexOf(zoom);
  const zoomTo = (next: number) => {
    // Keeps the current page in view across the change of size.
    const page = current;
    setZoom(next);
    requestAnimationFrame(() => goTo(page));
  };

  const onPageKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const n = Number.parseInt(typed ?? '', 10);
      if (Number.isFinite(n)) goTo(n);
      else setTyped(undefined);
    } else if (e.key === 'Escape') {
      setTyped(undefined);
    }
  };

  return (
    <div className="pdf-viewer">
      <Group
        justify="space-between"
        mb="xs"
        gap="xs"
        className="pdf-toolbar"
        role="group"
        aria-label={`Controles del PDF: ${title}`}
      >
        <Group
          gap={6}
          role="group"
          aria-label={pageCount ? `Página ${current} de ${pageCount}` : 'Páginas'}
          data-testid="pdf-page-indicator"
        >
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Página anterior"
            onClick={() => goTo(current - 1)}
            disabled={!pageCount || current <= 1}
          >
            ‹
          </ActionIcon>
          <Text size="sm" component="span" aria-hidden>
            Página
          </Text>
          <TextInput
            size="xs"
            w={52}
            aria-label={`Ir a la página (de ${pageCount})`}
            inputMode="numeric"
            value={typed ?? String(current)}
            disabled={!pageCount}
            onChange={(e) => setTyped(e.currentTarget.value.replace(/\D/g, ''))}
            onKeyDown={onPageKey}
            onBlur={() => {
              if (typed !== undefined) {
                const n = Number.parseInt(typed, 10);
                if (Number.isFinite(n)) goTo(n);
                else setTyped(undefined);
              }
            }}
          />
          <Text size="sm" component="span" aria-hidden data-testid="pdf-page-count">
            de {pageCount || '…'}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Página siguiente"
            onClick={() => goTo(current + 1)}
            disabled={!pageCount || current >= pageCount}
          >
            ›
          </ActionIcon>
        </Group>
        <Group gap={6} role="group" aria-label="Zoom">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Alejar"
            onClick={() => zoomTo(ZOOMS[zoomIndex - 1])}
            disabled={zoomIndex <= 0}
          >
            −
          </ActionIcon>
          <Text size="sm" component="output" aria-live="polite" data-testid="pdf-zoom" miw={48} ta="center">
            {Math.round(zoom * 100)} %
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Acercar"
            onClick={() => zoomTo(ZOOMS[zoomIndex + 1])}
            disabled={zoomIndex >= ZOOMS.length - 1}
          >
            +
          </ActionIcon>
          <Button variant="default" size="xs" onClick={() => zoomTo(1)} disabled={zoom === 1}>
            Ajustar al ancho
          </Button>
        </Group>
        {href && (
          <Anchor href={href} download={downloadName ?? 'documento.pdf'} size="sm">
            Descargar PDF
          </Anchor>
        )}
      </Group>
      {state.kind === 'loading' && <Loading label="Preparando el PDF…" />}
      {state.kind === 'error' && (
        <Text c="red.8" role="alert">
          {state.message}
        </Text>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a scrolling region of pages, not a section of the document */}
      <div
        ref={scroller}
        className="pdf-scroll"
        role="region"
        aria-label={`${title}: páginas del PDF`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so the keyboard can scroll it (WCAG 2.1.1)
        tabIndex={0}
        onScroll={onScroll}
        data-testid="pdf-viewer"
      >
        <div ref={host} className="pdf-pages" data-testid="pdf-pages" style={{ width: `${zoom * 100}%` }} />
      </div>
    </div>
  );
}

/** A canvas for one page at `scale` (its bitmap size); CSS makes it as wide as the viewer allows. */
function pageCanvas(page: PDFPageProxy, scale: number, title: string, n: number, total: number): HTMLCanvasElement {
  const viewport = page.getViewport({ scale });
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(viewport.width));
  canvas.height = Math.max(1, Math.floor(viewport.height));
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', `${title}: página ${n} de ${total}`);
  return canvas;
}
