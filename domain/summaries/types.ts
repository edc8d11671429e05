/** The summarizer interface both providers implement, and what a summary records about itself. */

/** What is summarized: a record (`resume`), a case (`short_ai_summary`), a memo (`ai_summary`). */
export type SummaryKind = 'record' | 'case' | 'memo';

/** Who wrote a summary: stored in `summaries.provider`, with the model in `summaries.model`. */
export type SummaryProviderName = 'extractive' | 'openai';

/** Longest summary stored, in characters, whichever provider wrote it (1–3 sentences fit). */
export const SUMMARY_MAX_CHARS = 600;

export interface SummaryRequest {
  kind: SummaryKind;
  /** Plain text: the object's summarized content. */
  text: string;
}

export interface Summary {
  text: string;
  provider: SummaryProviderName;
  model: string;
}

export interface Summarizer {
  readonly provider: SummaryProviderName;
  readonly model: string;
  summarize(request: SummaryRequest): Promise<Summary>;
}

/**
 * A provider that could not summarize. `retryable` says whether asking again may help (a 429, a
 * 5xx, a timeout or a dropped connection) or cannot (the server refused the request itself: 400).
 */
export class SummaryProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SummaryProviderError';
  }
}
