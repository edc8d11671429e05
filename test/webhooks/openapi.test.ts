import assert from 'node:assert/strict';
import { OPENAPI_PATHS } from '../../api/openapi/document.js';
import { EVENT_TYPES, eventBodySchema } from '../../domain/webhooks/catalog.js';
import { request } from '../support/http.js';

describe('Webhooks: what a receiver gets, in both OpenAPI documents', () => {
  it('describes one POST per event type: the body schema of the catalog and the three Standard Webhooks headers', async () => {
    for (const doc of ['integration', 'backend'] as const) {
      const res = await request(OPENAPI_PATHS[doc]);
      assert.equal(res.status, 200);
      const webhooks = res.body.webhooks as Record<
        string,
        {
          post: {
            parameters: { name: string; in: string; required: boolean; description: string }[];
            requestBody: { content: Record<string, { schema: unknown }> };
          };
        }
      >;
      assert.deepEqual(Object.keys(webhooks), EVENT_TYPES, doc);
      for (const type of EVENT_TYPES) {
        const post = webhooks[type]!.post;
        assert.deepEqual(post.requestBody.content['application/json']!.schema, eventBodySchema(type), `${doc} ${type}`);
        assert.deepEqual(
          post.parameters.map((p) => [p.name, p.in, p.required]),
          [
            ['webhook-id', 'header', true],
            ['webhook-timestamp', 'header', true],
            ['webhook-signature', 'header', true],
          ],
        );
      }
      const signature = webhooks['document.signed']!.post.parameters[2]!.description;
      assert.match(signature, /HMAC-SHA256/);
      assert.match(signature, /v1,<base64>/);
      assert.match(signature, /separadas por un espacio/);
      // Private content has no place in any event's data.
      for (const type of EVENT_TYPES) {
        const schema = webhooks[type]!.post.requestBody.content['application/json']!.schema as {
          properties: { data: { properties: Record<string, unknown> } };
        };
        const fields = Object.keys(schema.properties.data.properties);
        assert.deepEqual(
          fields.filter((f) => /content|body|bcc|recipient_user|reason|reference/.test(f)),
          [],
          `${doc} ${type}`,
        );
      }
    }
  });
});
