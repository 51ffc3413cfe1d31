// Reads a QR code image as a phone's camera would: a PNG data URL → PNG → RGBA pixels → jsQR.
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';

// jsqr is a UMD bundle whose types say `export default`: Node hands over module.exports, Vitest
// the function itself; either way this is the function.
const jsQR: typeof jsQRModule.default =
  typeof jsQRModule === 'function' ? jsQRModule : jsQRModule.default;

/** The text the image's QR code holds and the image's width; null text when none is found. */
export function scanQr(dataUrl: string): { text: string | null; width: number; type: string } {
  const [head = '', base64 = ''] = dataUrl.split(',');
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { text: code?.data ?? null, width: png.width, type: head };
}
