import assert from 'node:assert/strict';
import {
  formatVerificationCode,
  generateVerificationCode,
  normalizeVerificationCode,
  verificationUrl,
} from '../../lib/verification-code.js';

describe('verification: codes', () => {
  it('12 Crockford base32 characters from 60 random bits, every position taking every symbol', () => {
    const codes = Array.from({ length: 4000 }, generateVerificationCode);
    assert.ok(codes.every((c) => /^[0-9A-HJKMNP-TV-Z]{12}$/.test(c)));
    assert.equal(new Set(codes).size, codes.length);
    for (let position = 0; position < 12; position++) {
      assert.equal(
        new Set(codes.map((c) => c[position])).size,
        32,
        `position ${position} uses all 32 symbols (no fixed bits)`,
      );
    }
  });

  it('shown in groups of four; read back case-insensitively, ignoring hyphens and spaces, O as 0 and I/L as 1', () => {
    assert.equal(formatVerificationCode('7K3MQ9XW2HRT'), '7K3M-Q9XW-2HRT');
    assert.equal(normalizeVerificationCode('7k3m-q9xw-2hrt'), '7K3MQ9XW2HRT');
    assert.equal(normalizeVerificationCode(' 7K3M Q9XW 2HRT '), '7K3MQ9XW2HRT');
    assert.equal(normalizeVerificationCode('OIL0-0000-0000'), '0110' + '00000000');
    for (const bad of [
      '7K3M-Q9XW-2HR',
      '7K3M-Q9XW-2HRTX',
      'UUUU-UUUU-UUUU',
      '7K3M_Q9XW_2HRT',
      '<script>',
      'x'.repeat(100),
    ]) {
      assert.equal(normalizeVerificationCode(bad), undefined, bad);
    }
  });

  it('the public URL is <API_PUBLIC_URL>/verificar/<code in groups>', () => {
    assert.equal(
      verificationUrl('https://expediente.example.gob.ar/', '7K3MQ9XW2HRT'),
      'https://expediente.example.gob.ar/verificar/7K3M-Q9XW-2HRT',
    );
  });
});
