import { Anchor, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Loading } from './common';

/** Renders every page of a PDF to canvases with pdf.js (loaded only when a PDF is shown). */
export function PdfViewer({ data, title, downloadName }: { data: Blob; title: string; downloadName?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'ready'; pages: number } | { kind: 'error'; message: string }>({ kind: 'loading' });
  const [href, setHref] = useState<string>();

  useEffect(() => {
    const url = URL.createObjectURL(data);
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [data]);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setState({ kind: 'loading' });
    void (async () => {
      try {
        const pdfjs = await import('pdfjs-dist');
        const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const task = pdfjs.getDocument({ data: new Uint8Array(await data.arrayBuffer()), isEvalSupported: false });
        destroy = () => void task.destroy();
        const doc = await task.promise;
        const host = container.current;
        if (cancelled || !host) return;
        host.replaceChildren();
        for (let n = 1; n <= doc.numPages; n++) {
          const page = await doc.getPage(n);
          if (cancelled) return;
          const viewport = page.getViewport({ scale: 1.5 });
          const canvas = document.createElement('canvas');
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', `${title}: página ${n} de ${doc.numPages}`);
          host.appendChild(canvas);
          await page.render({ canvas, viewport }).promise;
        }
        if (!cancelled) setState({ kind: 'ready', pages: doc.numPages });
      } catch (err) {
        if (!cancelled) setState({ kind: 'error', message: `No se pudo mostrar el PDF: ${(err as Error).message}` });
      }
    })();
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [data, title]);

  return (
    <div>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed" aria-live="polite">{state.kind === 'ready' ? `${state.pages} página(s)` : ''}</Text>
        {href && <Anchor href={href} download={downloadName ?? 'documento.pdf'}>Descargar PDF</Anchor>}
      </Group>
      {state.kind === 'loading' && <Loading label="Preparando el PDF…" />}
      {state.kind === 'error' && <Text c="red.8" role="alert">{state.message}</Text>}
      <div ref={container} className="pdf-pages" data-testid="pdf-pages" />
    </div>
  );
}
