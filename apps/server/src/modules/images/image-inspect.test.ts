import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import * as f from '../../../test/fixtures/images/image-fixtures';
import { hasHiddenContent, inspectImage, sniffFormat } from './image-inspect';
import { IMAGE_MESSAGES, ImageRejectedError, MAX_UPLOAD_BYTES, type ImageRejection } from './image-rules';

function refusal(data: Buffer): ImageRejection | 'accepted' {
  try {
    inspectImage(data);
    return 'accepted';
  } catch (err) {
    if (err instanceof ImageRejectedError) return err.reason;
    throw err;
  }
}

describe('sniffFormat', () => {
  it('knows JPEG, PNG and WebP by their first bytes, whatever they are called', async () => {
    expect(sniffFormat(await f.jpeg())).toBe('jpeg');
    expect(sniffFormat(await f.png())).toBe('png');
    expect(sniffFormat(await f.webp())).toBe('webp');
    expect(sniffFormat(await f.gif())).toBeNull();
    expect(sniffFormat(Buffer.from(f.SCRIPT_SVG))).toBeNull();
    expect(sniffFormat(Buffer.alloc(0))).toBeNull();
  });

  it('refuses the SVG with script that sharp would decode (and the old code accepted)', async () => {
    expect((await sharp(Buffer.from(f.SCRIPT_SVG)).metadata()).format).toBe('svg');
    expect(refusal(Buffer.from(f.SCRIPT_SVG))).toBe('notAnImage');
  });
});

describe('inspectImage accepts real images', () => {
  it('reads the declared dimensions of each format', async () => {
    expect(inspectImage(await f.jpeg(321, 123))).toEqual({ format: 'jpeg', width: 321, height: 123 });
    expect(inspectImage(await f.progressiveJpeg(300, 150))).toEqual({
      format: 'jpeg',
      width: 300,
      height: 150,
    });
    expect(inspectImage(await f.png(320, 200))).toEqual({ format: 'png', width: 320, height: 200 });
    expect(inspectImage(await f.pngWithAlpha(64, 48))).toMatchObject({ width: 64, height: 48 });
    expect(inspectImage(await f.webp(320, 200))).toEqual({ format: 'webp', width: 320, height: 200 });
    expect(inspectImage(await f.webpLossless(64, 48))).toEqual({ format: 'webp', width: 64, height: 48 });
    expect(inspectImage(await f.webpWithAlpha(64, 48))).toEqual({ format: 'webp', width: 64, height: 48 });
    expect(inspectImage(await f.jpegWithExifGps(300, 200))).toMatchObject({ width: 300, height: 200 });
  });

  it('finds no hidden content in the compressed data of photo-like images (no false positives)', async () => {
    // Noise compresses to near-random bytes, where short signatures would turn up by chance.
    for (let seed = 0; seed < 12; seed++) {
      const image = f.noisyImage(1200, 900, seed);
      expect(refusal(await image.clone().jpeg({ quality: 95 }).toBuffer())).toBe('accepted');
      if (seed < 4) expect(refusal(await image.clone().webp({ quality: 90 }).toBuffer())).toBe('accepted');
      if (seed < 2) expect(refusal(await image.clone().png().toBuffer())).toBe('accepted');
    }
  });

  it('takes a JPEG followed by further JPEG images (Multi-Picture Format: gain maps, depth maps)', async () => {
    const primary = await f.jpeg(320, 200);
    const gainMap = await f.jpeg(160, 100, 3);
    expect(inspectImage(Buffer.concat([primary, gainMap]))).toEqual({
      format: 'jpeg',
      width: 320,
      height: 200,
    });
  });

  it('takes zero padding after the image, which carries nothing', async () => {
    expect(refusal(Buffer.concat([await f.jpeg(), Buffer.alloc(64)]))).toBe('accepted');
    expect(refusal(Buffer.concat([await f.png(), Buffer.alloc(3)]))).toBe('accepted');
  });

  it('takes ordinary XMP metadata, which is XML', async () => {
    const xmp = Buffer.from(
      'http://ns.adobe.com/xap/1.0/\0<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>image/jpeg</dc:format>' +
        '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
      'latin1',
    );
    expect(refusal(f.withJpegSegments(await f.jpeg(), f.jpegSegment(0xe1, xmp)))).toBe('accepted');
  });
});

describe('inspectImage refuses', () => {
  it('a file over the size limit before reading anything else', async () => {
    const big = Buffer.concat([await f.jpeg(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    expect(refusal(big)).toBe('tooLarge');
    expect(IMAGE_MESSAGES.tooLarge).toBe('Image is too large (max 10 MB).');
  });

  it('what is not a JPEG, PNG or WebP, whatever its name or declared type would say', async () => {
    for (const data of [
      Buffer.from(f.SCRIPT_SVG),
      Buffer.from(`\ufeff${f.SCRIPT_SVG}`),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      Buffer.from(f.HTML_PAGE),
      Buffer.from(f.PDF),
      Buffer.from('just some text\n'),
      f.zipArchive({ 'shell.php': f.WEB_SHELL }),
      await f.gif(),
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8]),
    ])
      expect(refusal(data)).toBe('notAnImage');
  });

  it('a file cut short', async () => {
    const j = await f.jpeg();
    expect(refusal(j.subarray(0, Math.floor(j.length * 0.6)))).toBe('notAnImage');
    expect(refusal(j.subarray(0, j.length - 2))).toBe('notAnImage'); // no EOI
    const p = await f.png();
    expect(refusal(p.subarray(0, p.length - 12))).toBe('notAnImage'); // no IEND
    expect(refusal(p.subarray(0, 40))).toBe('notAnImage');
    const w = await f.webp();
    expect(refusal(w.subarray(0, w.length - 100))).toBe('notAnImage');
  });

  it('data after the end of the image: JPEG+ZIP, PNG+HTML, WebP beyond its RIFF length', async () => {
    const j = await f.jpeg();
    expect(refusal(Buffer.concat([j, f.zipArchive({ 'shell.php': f.WEB_SHELL }, j.length)]))).toBe(
      'hiddenData',
    );
    expect(refusal(Buffer.concat([j, Buffer.from('harmless-looking text')]))).toBe('hiddenData');
    expect(refusal(Buffer.concat([await f.png(), Buffer.from(f.HTML_PAGE)]))).toBe('hiddenData');
    expect(refusal(Buffer.concat([await f.webp(), Buffer.from('PK\x03\x04 rest of a zip')]))).toBe(
      'hiddenData',
    );
    // A second "image" after a JPEG must be a whole JPEG too.
    expect(refusal(Buffer.concat([j, Buffer.from([0xff, 0xd8]), Buffer.from(f.HTML_PAGE)]))).toBe(
      'notAnImage',
    );
  });

  it('markup, script or archives where an image keeps free-form bytes', async () => {
    const j = await f.jpeg();
    expect(refusal(f.withJpegSegments(j, f.jpegSegment(0xfe, Buffer.from(f.WEB_SHELL))))).toBe('hiddenData');
    expect(
      refusal(f.withJpegSegments(j, f.jpegSegment(0xfe, Buffer.from('x <SCRIPT>alert(1)</SCRIPT>')))),
    ).toBe('hiddenData');
    expect(
      refusal(
        f.withJpegSegments(
          j,
          f.jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0'), f.zipArchive({ a: 'b' })])),
        ),
      ),
    ).toBe('hiddenData');
    const p = await f.png();
    expect(refusal(f.withPngChunks(p, f.pngChunk('tEXt', Buffer.from(`Comment\0${f.HTML_PAGE}`))))).toBe(
      'hiddenData',
    );
    expect(refusal(f.withPngChunks(p, f.pngChunk('prVt', Buffer.from('%PDF-1.7 ...'))))).toBe('hiddenData');
    const w = await f.webp();
    expect(refusal(f.withWebpChunks(w, f.riffChunk('XMP ', Buffer.from('<html><body onload=x>'))))).toBe(
      'hiddenData',
    );
    // An ordinary text chunk is fine.
    expect(refusal(f.withPngChunks(p, f.pngChunk('tEXt', Buffer.from('Software\0GIMP 2.10'))))).toBe(
      'accepted',
    );
  });

  it('files made of absurdly many parts, which would only make reading them slow', async () => {
    const p = await f.png(16, 16);
    const tiny = f.pngChunk('zzZz', Buffer.from('a'));
    const manyChunks = Buffer.concat([
      p.subarray(0, -12),
      Buffer.concat(Array(100_000).fill(tiny)),
      p.subarray(-12),
    ]);
    const j = await f.jpeg(16, 16);
    const comment = f.jpegSegment(0xfe, Buffer.from('a'));
    const manySegments = Buffer.concat([
      j.subarray(0, 2),
      Buffer.concat(Array(100_000).fill(comment)),
      j.subarray(2),
    ]);
    // How long refusing them takes is a figure of bench/image-inspect.bench.ts, not a verdict here.
    expect(refusal(manyChunks)).toBe('notAnImage');
    expect(refusal(manySegments)).toBe('notAnImage');
    // A few thousand parts are fine (PNG writers split picture data into 8 KB chunks).
    expect(
      refusal(Buffer.concat([p.subarray(0, -12), Buffer.concat(Array(5_000).fill(tiny)), p.subarray(-12)])),
    ).toBe('accepted');
    // Far more images after a JPEG than any camera writes.
    expect(refusal(Buffer.concat([j, ...Array<Buffer>(40).fill(await f.jpeg(1, 1))]))).toBe('hiddenData');
  });

  it('declared dimensions over the limits, from the header alone', async () => {
    expect(refusal(f.pngBomb(10_000))).toBe('tooManyPixels'); // 100 megapixels in 12 KB (timed in bench/)
    expect(refusal(f.withPngDimensions(await f.png(), 50_000, 50_000))).toBe('tooManyPixels');
    expect(refusal(f.withPngDimensions(await f.png(), 13_000, 10))).toBe('tooManyPixels'); // one edge too long
    expect(refusal(f.withPngDimensions(await f.png(), 7_000, 6_000))).toBe('tooManyPixels'); // 42 MP
    expect(refusal(f.withJpegDimensions(await f.jpeg(), 50_000, 50_000))).toBe('tooManyPixels');
    // A WebP whose extended header declares a 16384 × 16384 canvas.
    const vp8x = Buffer.alloc(10);
    vp8x.writeUIntLE(16_383, 4, 3);
    vp8x.writeUIntLE(16_383, 7, 3);
    const w = await f.webp();
    const bomb = Buffer.concat([w.subarray(0, 12), f.riffChunk('VP8X', vp8x), w.subarray(12)]);
    bomb.writeUInt32LE(bomb.length - 8, 4);
    expect(refusal(bomb)).toBe('tooManyPixels');
    // Within the limits: 6000 × 6000 = 36 megapixels.
    expect(refusal(f.withPngDimensions(await f.png(), 6_000, 6_000))).toBe('accepted');
  });
});

describe('hasHiddenContent', () => {
  it('finds markup without regard to case, and archive signatures', () => {
    expect(hasHiddenContent(Buffer.from('..<ScRiPt>..'))).toBe(true);
    expect(hasHiddenContent(Buffer.from('<!DOCTYPE HTML>'))).toBe(true);
    expect(hasHiddenContent(Buffer.from('a PK\x05\x06 b', 'latin1'))).toBe(true);
    expect(hasHiddenContent(Buffer.from('Canon EOS R5 <rdf:Description> 2024:05:01'))).toBe(false);
  });
});
