import type { Migration } from '../types.js';
import { initial } from './001_initial.js';
import { signingRoundsAndCaseCreation } from './002_signing_rounds_and_case_creation.js';
import { searchAtScale } from './003_search_at_scale.js';
import { communications } from './004_communications.js';
import { records } from './005_records.js';
import { verificationCodes } from './006_verification_codes.js';
import { privateMemos } from './007_private_memos.js';
import { recordsSearchLower } from './008_records_search_lower.js';
import { summaries } from './009_summaries.js';
import { archiveTimestamps } from './010_archive_timestamps.js';
import { textTrigramStatistics } from './011_text_trigram_statistics.js';
import { sanitizedHtml } from './012_sanitized_html.js';
import { caseSummariesWithoutMemos } from './013_case_summaries_without_memos.js';
import { archiveRenewals } from './014_archive_renewals.js';
import { nonWorkingDays } from './015_non_working_days.js';
import { deadlines } from './016_deadlines.js';
import { accentInsensitiveSearch } from './017_accent_insensitive_search.js';
import { notificationPreferences } from './018_notification_preferences.js';
import { webhooks } from './019_webhooks.js';
import { caseFile } from './020_case_file.js';
import { personalSignatures } from './021_personal_signatures.js';

/** Tenant-schema migrations, oldest first. Append; never reorder or edit a released one. */
export const tenantMigrations: readonly Migration[] = [
  initial,
  signingRoundsAndCaseCreation,
  searchAtScale,
  communications,
  records,
  verificationCodes,
  privateMemos,
  recordsSearchLower,
  summaries,
  archiveTimestamps,
  textTrigramStatistics,
  sanitizedHtml,
  caseSummariesWithoutMemos,
  archiveRenewals,
  nonWorkingDays,
  deadlines,
  accentInsensitiveSearch,
  notificationPreferences,
  webhooks,
  caseFile,
  personalSignatures,
];
