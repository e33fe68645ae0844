// Reads QR codes from camera frames: the browser's own BarcodeDetector where it has one that reads
// QR codes (Chrome on Android), else the barcode-detector ponyfill on zxing-wasm (iPhones, desktop
// Chromium), loaded only then, with its WebAssembly file served by our own server
// (docs/decisions/0051-qr-scanning-native-or-self-hosted-wasm.md).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

export async function createQrDetector(): Promise<QrDetector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native && (await native.getSupportedFormats()).includes('qr_code')) {
    return new native({ formats: ['qr_code'] });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Before the first detector: it starts loading the module at once, from our origin (no CDN).
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? wasmUrl : prefix + path,
    },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
