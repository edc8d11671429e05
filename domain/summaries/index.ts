/** Summaries of records, cases and memos: the configured summarizer, the sources and the guarded write. */
import type { AiConfig } from '../../config/index.js';
import { ExtractiveSummarizer } from './extractive.js';
import { OpenAiCompatibleSummarizer } from './openai.js';
import type { Summarizer } from './types.js';

export * from './types.js';
export { extractSentences, ExtractiveSummarizer, EXTRACTIVE_MODEL } from './extractive.js';
export { AI_INPUT_BUDGET_CHARS, OpenAiCompatibleSummarizer } from './openai.js';
export { readSummarySource, type SummarySource } from './sources.js';
export { summaryTargetsOfOfficialized, writeSummary, type SummaryTarget } from './store.js';

/** An OpenAI-compatible server when AI_BASE_URL is set, else the offline extractive summarizer. */
export function createSummarizer(ai: AiConfig): Summarizer {
  if (ai.baseUrl && ai.model)
    return new OpenAiCompatibleSummarizer({
      baseUrl: ai.baseUrl,
      model: ai.model,
      apiKey: ai.apiKey,
      timeoutMs: ai.timeoutMs,
    });
  return new ExtractiveSummarizer();
}
