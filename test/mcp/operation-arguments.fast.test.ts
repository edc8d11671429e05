/**
 * An MCP tool and its REST twin share one request check: the tool hands its arguments to the
 * operation's request schema (`bodyFrom`), which answers REST's messages. The tool's listed input
 * schema names and describes the arguments for the agent; this holds it to the operation's schema,
 * so an agent is offered every field the operation takes, required where REST requires it (or
 * left to the operation, which then refuses with REST's message), and bounded no more loosely.
 */
import assert from 'node:assert/strict';
import { startSigningBody } from '../../api/deadline-body.js';
import { toolNamed } from '../../api/mcp/tools.js';
import { decisionBody, movementBody, proposeBody } from '../../api/operations/cases.js';
import { createBody, patchBody, rejectBody } from '../../api/operations/documents.js';
import { signBatchBody } from '../../api/temporal/sign-batch.js';
import type { BodyParser } from '../../api/validation.js';

type Schema = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

/** Each tool that writes through an operation, with that operation's request schema. */
const TOOL_BODIES: [string, BodyParser<unknown>][] = [
  ['create_document', createBody],
  ['save_document', patchBody],
  ['reject_document', rejectBody],
  ['start_signing', startSigningBody],
  ['sign_batch', signBatchBody],
  ['assign_case', movementBody],
  ['propose_document', proposeBody],
  ['reject_proposal', decisionBody],
];

describe('MCP tools and the operations they share with REST', () => {
  for (const [name, body] of TOOL_BODIES) {
    it(`${name} offers every field of its operation's request schema, as strictly bounded`, () => {
      const tool = toolNamed(name);
      assert.ok(tool, `${name} is a tool`);
      const operation = body.schema as Schema;
      const offered = tool.inputSchema.properties as Record<string, Record<string, unknown>>;
      for (const [field, rule] of Object.entries(operation.properties ?? {})) {
        assert.ok(field in offered, `${name} offers ${field}`);
        if (typeof rule.maxLength === 'number')
          assert.ok(
            typeof offered[field]!.maxLength === 'number' && offered[field]!.maxLength <= rule.maxLength,
            `${name}.${field} is bounded at most at the operation's ${rule.maxLength}`,
          );
      }
      // A field the tool requires, the operation requires too: the tool never refuses what REST accepts.
      for (const field of tool.inputSchema.required ?? [])
        if (field in (operation.properties ?? {}))
          assert.ok(operation.required?.includes(field), `${name} requires ${field} only as REST does`);
    });
  }
});
