// barcode-detector inlines zxing-wasm's JavaScript and must get the exact WebAssembly it was built
// with; we serve that file ourselves (qr-detector.ts), from our own zxing-wasm dependency.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('the QR decoder’s WebAssembly', () => {
  it('is the very file barcode-detector expects', () => {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    expect(createHash('sha256').update(wasm).digest('hex')).toBe(ZXING_WASM_SHA256);
  });
});
