/**
 * Workflow histories for replay tests. The end-to-end suite, run with CAPTURE_HISTORIES=<dir>
 * (`npm run histories:refresh`), saves a few histories of every workflow type it ran; the replay
 * test runs them through the current workflow code, so a change that would break a run already
 * in flight fails CI instead of a production worker. A refresh replaces the top-level files only:
 * histories of older code still running in production are kept by hand in `pinned/`.
 */
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client, WorkflowExecutionInfo } from '@temporalio/client';
import proto from '@temporalio/proto';

type History = proto.temporal.api.history.v1.IHistory;
// Stored as the binary protobuf (base64): exact, and independent of the SDK's JSON converter.
const HistoryProto = proto.temporal.api.history.v1.History;

/** Histories kept per workflow type: the longest of each distinct path (sequence of event types). */
const PER_TYPE = 6;

export interface SavedHistory {
  workflowType: string;
  workflowId: string;
  status: string;
  history: History;
}

interface Recorded {
  run: WorkflowExecutionInfo;
  history: History;
}

function pick(recorded: Recorded[]): Recorded[] {
  const byPath = new Map<string, Recorded>();
  const longestFirst = [...recorded].sort((a, b) => (b.history.events?.length ?? 0) - (a.history.events?.length ?? 0));
  for (const r of longestFirst) {
    const path = (r.history.events ?? []).map((e) => e.eventType).join(',');
    if (!byPath.has(path)) byPath.set(path, r);
  }
  return [...byPath.values()].slice(0, PER_TYPE);
}

const fileName = (type: string, index: number) => `${type}--${index + 1}.json`;

/** Replaces `dir`'s histories with a selection of the namespace's runs, by workflow type. */
export async function captureHistories(client: Client, dir: string): Promise<string[]> {
  const byType = new Map<string, Recorded[]>();
  for await (const run of client.workflow.list({ query: 'ExecutionStatus != "Running"' })) {
    const history = await client.workflow.getHandle(run.workflowId, run.runId).fetchHistory();
    byType.set(run.type, [...(byType.get(run.type) ?? []), { run, history }]);
  }
  await mkdir(dir, { recursive: true });
  for (const old of await jsonFiles(dir)) await unlink(old);
  const written: string[] = [];
  for (const [type, recorded] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [index, { run, history }] of pick(recorded).entries()) {
      const file = path.join(dir, fileName(type, index));
      const encoded = Buffer.from(HistoryProto.encode(HistoryProto.fromObject(history)).finish()).toString('base64');
      const body = {
        workflowType: type,
        workflowId: run.workflowId,
        status: run.status.name,
        events: history.events?.length ?? 0,
        history: encoded,
      };
      await writeFile(file, `${JSON.stringify(body)}\n`);
      written.push(file);
    }
  }
  return written;
}

async function jsonFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** The refreshed histories of `dir` and the pinned ones of `dir/pinned`. */
export async function loadHistories(dir: string): Promise<SavedHistory[]> {
  const files = [...(await jsonFiles(dir)), ...(await jsonFiles(path.join(dir, 'pinned')))];
  return Promise.all(
    files.map(async (f) => {
      const saved = JSON.parse(await readFile(f, 'utf8'));
      return { ...saved, history: HistoryProto.decode(Buffer.from(saved.history, 'base64')) } as SavedHistory;
    }),
  );
}
