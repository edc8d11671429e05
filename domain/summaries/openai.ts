/**
 * Summaries by any server speaking the OpenAI chat completions protocol (hosted APIs, vLLM,
 * Ollama, llama.cpp server): `POST <AI_BASE_URL>/chat/completions` with a Spanish instruction.
 *
 * - Input budget: the object's text is cut to AI_INPUT_BUDGET_CHARS characters (about 3,000
 *   tokens of Spanish) at a sentence or word, so a long case fits small local models' context.
 * - The answer is cleaned (reasoning blocks, "Resumen:" labels, quotes, markdown emphasis, line
 *   breaks) and capped at SUMMARY_MAX_CHARS at a sentence boundary.
 * - Failures: a timeout, a dropped connection, 408, 409, 429 and 5xx may pass and are retryable;
 *   any other 4xx (400: the request itself is refused) and an empty answer are not.
 */
import { capAtSentences, cutAtWord, squash } from './text.js';
import {
  SUMMARY_MAX_CHARS,
  SummaryProviderError,
  type Summarizer,
  type Summary,
  type SummaryKind,
  type SummaryRequest,
} from './types.js';

export const AI_INPUT_BUDGET_CHARS = 12_000;

export interface OpenAiOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

const KIND_LABEL: Record<SummaryKind, string> = {
  record: 'un legajo de un registro municipal',
  case: 'un expediente administrativo',
  memo: 'un memorándum interno',
};

export const SYSTEM_PROMPT =
  'Eres un asistente de una municipalidad que resume documentos administrativos. Escribe en español un resumen ' +
  'neutral y objetivo de una a tres oraciones: qué es, de qué trata y lo que dispone o registra. No agregues ' +
  'opiniones ni datos que no estén en el texto. Responde solo con el resumen, sin títulos, listas, comillas ni formato.';

export function userPrompt(kind: SummaryKind, text: string): string {
  return `Resume ${KIND_LABEL[kind]}.\n\nTexto:\n${truncateToBudget(text, AI_INPUT_BUDGET_CHARS)}`;
}

/** The text cut to `budget` characters at the last sentence end (or word) before it, marked with […]. */
export function truncateToBudget(text: string, budget: number): string {
  if (text.length <= budget) return text;
  const room = text.slice(0, budget - 4);
  const end = Math.max(room.lastIndexOf('. '), room.lastIndexOf('.\n'), room.lastIndexOf('\n'));
  return `${end > budget / 2 ? room.slice(0, end + 1) : cutAtWord(room, budget - 4)} […]`;
}

/** The model's answer as a stored summary: one paragraph of plain text within the cap. */
export function cleanAnswer(answer: string, max = SUMMARY_MAX_CHARS): string {
  let text = answer
    .replace(/<think>[\s\S]*?<\/think>/gi, ' ')
    .replace(/[*_`#>]+/g, '')
    .trim()
    .replace(/^(resumen|summary)\s*:\s*/i, '');
  text = squash(text);
  if (/^["“«'].*["”»']$/.test(text)) text = text.slice(1, -1).trim();
  return capAtSentences(text, max);
}

const retryableStatus = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

export class OpenAiCompatibleSummarizer implements Summarizer {
  readonly provider = 'openai' as const;
  readonly model: string;
  private readonly url: URL;

  constructor(private readonly options: OpenAiOptions) {
    this.model = options.model;
    this.url = new URL('chat/completions', options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  }

  async summarize(request: SummaryRequest): Promise<Summary> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const body = JSON.stringify({
      model: this.model,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: userPrompt(request.kind, request.text) },
      ],
      temperature: 0.2,
      max_tokens: 300,
      stream: false,
    });
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let status: number;
    let payload: string;
    try {
      const res = await fetch(this.url, { method: 'POST', headers, body, signal });
      status = res.status;
      payload = await res.text();
    } catch (err) {
      const reason = signal.aborted ? `sin respuesta en ${this.options.timeoutMs} ms` : (err as Error).message;
      throw new SummaryProviderError(`proveedor de resúmenes no disponible: ${reason}`, null, true);
    }
    if (status < 200 || status >= 300) {
      throw new SummaryProviderError(
        `proveedor de resúmenes respondió ${status}: ${squash(payload).slice(0, 200)}`,
        status,
        retryableStatus(status),
      );
    }
    let content: unknown;
    try {
      content = (JSON.parse(payload) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message
        ?.content;
    } catch {
      throw new SummaryProviderError('proveedor de resúmenes respondió algo que no es JSON', status, true);
    }
    const text = typeof content === 'string' ? cleanAnswer(content) : '';
    if (!text) throw new SummaryProviderError('proveedor de resúmenes respondió un resumen vacío', status, false);
    return { text, provider: this.provider, model: this.model };
  }
}
