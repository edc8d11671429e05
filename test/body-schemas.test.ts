/**
 * Request body parsers compile their JSON Schema on first use (it keeps the API's start short), so
 * a schema ajv refuses must still be caught here, before any request meets it.
 */
import { expect } from 'chai';
import '../api/app.js';
import '../api/mcp/tools.js';
import { bodyParser, compileBodyParsers } from '../api/validation.js';

describe('request body schemas', () => {
  it('every body parser of the API and the MCP tools compiles', () => {
    // The stack's API (started for the run) has made every route's parser; the MCP tools add 36.
    expect(compileBodyParsers()).to.be.greaterThan(50);
  });

  it('a schema ajv refuses fails the compile step, not a request', () => {
    const parse = bodyParser({ type: 'object', properties: { n: { type: 'no-such-type' } } } as never);
    expect(() => compileBodyParsers()).to.throw(/no-such-type|schema is invalid|type/);
    expect(() => parse({ n: 1 })).to.throw();
  });
});
