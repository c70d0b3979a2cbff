import type { SniffInput } from './input';
import { isPyWhitespace } from './python';

/**
 * Image sniffers. The platform asks an imaging library which format a file is; here each format is
 * recognised by the signature that library (or Python's imghdr, its fallback) checks. For the
 * netpbm family and Sun raster the imghdr names are used, since they tell pbm, pgm and ppm apart.
 */

const bytesAt = (bytes: Buffer, start: number, magic: readonly number[]): boolean =>
  bytes.length >= start + magic.length && magic.every((b, i) => bytes[start + i] === b);
const textAt = (bytes: Buffer, start: number, text: string): boolean =>
  bytes.length >= start + text.length && bytes.toString('latin1', start, start + text.length) === text;

export const sniffJpg = (i: SniffInput): boolean => bytesAt(i.bytes, 0, [0xff, 0xd8, 0xff]);
export const sniffPng = (i: SniffInput): boolean => bytesAt(i.bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const sniffTiff = (i: SniffInput): boolean => textAt(i.bytes, 0, 'II*\0') || textAt(i.bytes, 0, 'MM\0*');
export const sniffGif = (i: SniffInput): boolean => textAt(i.bytes, 0, 'GIF87a') || textAt(i.bytes, 0, 'GIF89a');
export const sniffPsd = (i: SniffInput): boolean => textAt(i.bytes, 0, '8BPS');
export const sniffXpm = (i: SniffInput): boolean => textAt(i.bytes, 0, '/* XPM */');
/** SGI image (imghdr "rgb"). */
export const sniffRgb = (i: SniffInput): boolean => bytesAt(i.bytes, 0, [0x01, 0xda]);
/** Sun raster (imghdr "rast"). */
export const sniffRast = (i: SniffInput): boolean => bytesAt(i.bytes, 0, [0x59, 0xa6, 0x6a, 0x95]);
/** Kodak PhotoCD: "PCD_" 2048 bytes in. */
export const sniffPcd = (i: SniffInput): boolean => textAt(i.bytes, 2048, 'PCD_');
/** IFUNC image: a text header starting with "Image type:". */
export const sniffIm = (i: SniffInput): boolean => textAt(i.bytes, 0, 'Image type:');

/** BMP: "BM" and a known DIB header size, which keeps text starting with "BM" out. */
export function sniffBmp(i: SniffInput): boolean {
  return textAt(i.bytes, 0, 'BM') && i.bytes.length >= 18 && [12, 40, 52, 56, 64, 108, 124].includes(i.bytes.readUInt32LE(14));
}

/** PCX: manufacturer byte 10, a known version, run-length encoding 1. */
export function sniffPcx(i: SniffInput): boolean {
  return i.bytes.length >= 128 && i.bytes[0] === 0x0a && [0, 2, 3, 4, 5].includes(i.bytes[1]) && i.bytes[2] === 1;
}

/** XBM: a C header starting "#define <name>_width". */
export function sniffXbm(i: SniffInput): boolean {
  return textAt(i.bytes, 0, '#define ') && /^#define\s+\S*_width\s+\d+/.test(i.text);
}

/** netpbm: "P" + kind digit + whitespace (imghdr). */
function netpbm(i: SniffInput, kinds: string): boolean {
  return i.bytes.length >= 3 && i.bytes[0] === 0x50 && kinds.includes(String.fromCharCode(i.bytes[1])) && isPyWhitespace(String.fromCharCode(i.bytes[2]));
}
export const sniffPbm = (i: SniffInput): boolean => netpbm(i, '14');
export const sniffPgm = (i: SniffInput): boolean => netpbm(i, '25');
export const sniffPpm = (i: SniffInput): boolean => netpbm(i, '36');

/** Encapsulated PostScript: "%!PS" text or the binary DOS EPS header. */
export function sniffEps(i: SniffInput): boolean {
  return textAt(i.bytes, 0, '%!PS') || bytesAt(i.bytes, 0, [0xc5, 0xd0, 0xd3, 0xc6]);
}
