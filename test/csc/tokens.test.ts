/**
 * The development remote signing service's access tokens and SADs: `body.mac`, an HMAC over the
 * body. Only the exact token it issued verifies, not another spelling of the same MAC.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { TokenSigner, type AccessClaims } from '../../signer/csc/tokens.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('CSC service tokens', () => {
  const signer = new TokenSigner<AccessClaims>(randomBytes(32), 'access token');
  const now = Date.now();
  const token = signer.sign({ sub: 'cliente', exp: now + 60_000 });

  it('verifies the token it issued, and says when it has expired', () => {
    assert.equal(signer.verify(token, now)?.claims.sub, 'cliente');
    assert.equal(signer.verify(token, now)?.expired, false);
    assert.equal(signer.verify(token, now + 60_000)?.expired, true);
  });

  it('refuses the same MAC spelled differently: its last character changed in the bits base64url ignores', () => {
    const last = token.at(-1)!;
    // A 32-byte MAC is 43 characters; the last one's two low bits carry nothing.
    const sameBytes = ALPHABET[ALPHABET.indexOf(last) ^ 1]!;
    const respelled = token.slice(0, -1) + sameBytes;
    const [, mac] = token.split('.');
    assert.deepEqual(
      Buffer.from(respelled.split('.')[1]!, 'base64url'),
      Buffer.from(mac!, 'base64url'),
      'both spellings decode to the same bytes',
    );
    assert.equal(signer.verify(respelled, now), undefined);
  });

  it('refuses a MAC with anything appended, padded or cut', () => {
    for (const variant of [`${token}=`, `${token}A`, token.slice(0, -1), `${token}.`])
      assert.equal(signer.verify(variant, now), undefined, variant);
  });
});
