// The e-mail's QR image is read back by a real decoder (zxing, the door's own fallback reader).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { qrCodePng } from './ticket-qr.ts';

const require = createRequire(import.meta.url);

describe('the ticket QR code as a PNG', () => {
  it('decodes to the ticket page address it was made from', async () => {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await prepareZXingModule({
      overrides: {
        wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
      },
      fireImmediately: true,
    });
    for (const url of [
      'http://localhost:3000/ingresso/_2-QtJ0lUJQD3aSPoW6ELA',
      'https://inscricoes.exemplo.com.br/ingresso/AAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const png = qrCodePng(url);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      const [result] = await readBarcodes(new Blob([new Uint8Array(png)], { type: 'image/png' }), {
        formats: ['QRCode'],
      });
      expect(result?.text).toBe(url);
    }
  });
});
