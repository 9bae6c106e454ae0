/** Reads codes from the current frame of a playing video. */
export interface FrameDecoder {
  decode(video: HTMLVideoElement): Promise<string[]>;
}

// The Barcode Detection API is not in TypeScript's DOM types yet; only what we call is named.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

// QR codes on our labels; Code 128 and Code 39 on the tags other systems printed.
const NATIVE_FORMATS = ['qr_code', 'code_128', 'code_39', 'data_matrix'];
const ZXING_FORMATS = ['QRCode', 'Code128', 'Code39', 'DataMatrix'] as const;
// Frames are scaled down before decoding: enough pixels for a label at arm's length, and a
// phone stays cool.
const MAX_FRAME_SIDE = 960;

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass })
    .BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    const formats = NATIVE_FORMATS.filter((f) => supported.includes(f));
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats });
    return {
      decode: async (video) => (await detector.detect(video)).map((b) => b.rawValue),
    };
  } catch {
    return null;
  }
}

/**
 * zxing-cpp compiled to WebAssembly, loaded only where the browser has no detector of its own.
 * Its .wasm file is bundled with our client and served from our origin, never from a CDN.
 */
async function wasmDecoder(): Promise<FrameDecoder> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({ overrides: { locateFile: () => wasmUrl } });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    decode: async (video) => {
      if (!context || video.videoWidth === 0) return [];
      const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const results = await readBarcodes(image, {
        formats: [...ZXING_FORMATS],
        tryHarder: true,
        maxNumberOfSymbols: 1,
      });
      return results.filter((r) => r.isValid).map((r) => r.text);
    },
  };
}

export async function createFrameDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? wasmDecoder();
}
