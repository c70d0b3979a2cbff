import * as images from '../../../../src/datatypes/sniff/images';
import { input } from './helpers';

const bytes = (...parts: (number[] | string)[]): Buffer =>
  Buffer.concat([...parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))), Buffer.alloc(200)]);

describe('image sniffers', () => {
  const bmp = bytes('BM', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [40, 0, 0, 0]);
  const pcd = Buffer.concat([Buffer.alloc(2048), Buffer.from('PCD_IPI'), Buffer.alloc(100)]);
  const cases: [string, (i: ReturnType<typeof input>) => boolean, Buffer][] = [
    ['jpg', images.sniffJpg, bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['png', images.sniffPng, bytes([0x89], 'PNG\r\n\x1a\n')],
    ['tiff', images.sniffTiff, bytes('II*\0')],
    ['bmp', images.sniffBmp, bmp],
    ['gif', images.sniffGif, bytes('GIF89a')],
    ['im', images.sniffIm, bytes('Image type: L image')],
    ['pcd', images.sniffPcd, pcd],
    ['pcx', images.sniffPcx, bytes([0x0a, 5, 1, 8])],
    ['ppm', images.sniffPpm, bytes('P6\n2 2\n255\n')],
    ['pgm', images.sniffPgm, bytes('P5 2 2 255\n')],
    ['pbm', images.sniffPbm, bytes('P1\n2 2\n')],
    ['psd', images.sniffPsd, bytes('8BPS')],
    ['xbm', images.sniffXbm, bytes('#define img_width 16\n#define img_height 16\n')],
    ['xpm', images.sniffXpm, bytes('/* XPM */\nstatic char *x[] = {')],
    ['rgb', images.sniffRgb, bytes([0x01, 0xda, 1, 1])],
    ['eps', images.sniffEps, bytes('%!PS-Adobe-3.0 EPSF-3.0\n')],
    ['rast', images.sniffRast, bytes([0x59, 0xa6, 0x6a, 0x95])],
  ];

  it.each(cases)('%s recognises its signature', (_name, sniff, data) => expect(sniff(input(data))).toBe(true));

  it.each(cases)('%s rejects plain text', (_name, sniff) => expect(sniff(input(bytes('hello world\n')))).toBe(false));

  it('tells the netpbm kinds apart', () => {
    expect(images.sniffPpm(input(bytes('P5 2 2 255\n')))).toBe(false);
    expect(images.sniffPbm(input(bytes('P4\n')))).toBe(true);
  });

  it('keeps text starting with BM out of BMP', () => {
    expect(images.sniffBmp(input(bytes('BMW cars are fast\n')))).toBe(false);
  });
});
