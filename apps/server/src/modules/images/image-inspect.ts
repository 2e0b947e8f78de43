/**
 * Reads an upload's structure before anything decodes it: what it is (by its first bytes), how large it
 * says it is, and where it ends. Refuses what is not a JPEG, PNG or WebP, a file cut short, data after the
 * image's end (the usual way to make a polyglot: a JPEG that is also a ZIP, a PNG that is also a page),
 * and markup, script or archive signatures in the places an image carries free-form bytes (metadata
 * segments and chunks, comments). The compressed picture data itself is not searched: random bytes there
 * would match short signatures in real photos.
 */
import {
  ImageRejectedError,
  MAX_INPUT_EDGE,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  type AcceptedFormat,
} from './image-rules';

export interface ImageInspection {
  format: AcceptedFormat;
  /** As the header declares them; 0 when a JPEG leaves its height to later (rare; sharp checks it then). */
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The accepted format these bytes start with, or null. */
export function sniffFormat(data: Uint8Array): AcceptedFormat | null {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** Markup and script openings, matched without regard to case. */
const MARKUP = [
  '<script',
  '<html',
  '<body',
  '<iframe',
  '<svg',
  '<object',
  '<embed',
  '<!doctype html',
  '<?php',
  'javascript:',
];
/** Other files' signatures: ZIP (local header, central directory, end), PDF, RAR, 7z, ELF, Mach-O, PE. */
const SIGNATURES = [
  'PK\x03\x04',
  'PK\x01\x02',
  'PK\x05\x06',
  '%PDF-',
  'Rar!\x1a\x07',
  '7z\xbc\xaf\x27\x1c',
  '\x7fELF',
  '\xcf\xfa\xed\xfe',
  'This program cannot be run in DOS mode',
].map((s) => Buffer.from(s, 'latin1'));

/** Whether free-form bytes carry markup, script or another file's signature. */
export function hasHiddenContent(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (SIGNATURES.some((sig) => b.includes(sig))) return true;
  const text = b.toString('latin1').toLowerCase();
  return MARKUP.some((m) => text.includes(m));
}

const notAnImage = () => new ImageRejectedError('notAnImage');
const hiddenData = () => new ImageRejectedError('hiddenData');

/**
 * Checks an upload's size, format, declared dimensions and structure; throws ImageRejectedError.
 * Reads headers only: nothing is decompressed.
 */
export function inspectImage(data: Buffer): ImageInspection {
  if (data.length > MAX_UPLOAD_BYTES) throw new ImageRejectedError('tooLarge');
  const format = sniffFormat(data);
  if (!format) throw notAnImage();
  const { width, height } =
    format === 'jpeg' ? walkJpegFile(data) : format === 'png' ? walkPng(data) : walkWebp(data);
  checkDimensions(width, height);
  return { format, width, height };
}

export function checkDimensions(width: number, height: number): void {
  if (width > MAX_INPUT_EDGE || height > MAX_INPUT_EDGE || width * height > MAX_INPUT_PIXELS)
    throw new ImageRejectedError('tooManyPixels');
}

/**
 * Most segments or chunks a file may have. Real images have tens to a few thousand (PNG writers split the
 * picture data into 8-64 KB chunks); millions of tiny ones would only make the walk itself slow.
 */
const MAX_PARTS = 20_000;
/** Images a JPEG may carry after its own (MPF: gain map, depth map, previews). */
const MAX_EXTRA_JPEG_IMAGES = 16;

interface Walked {
  width: number;
  height: number;
  /** Offset just past the image's last byte. */
  end: number;
}

/** After the image only zero padding is allowed (some writers pad); anything else is refused. */
function checkTrailer(data: Buffer, end: number): void {
  for (let i = end; i < data.length; i++) if (data[i] !== 0) throw hiddenData();
}

// ---- JPEG -----------------------------------------------------------------------------------------

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;

/**
 * The primary image, then only further complete JPEG images (the Multi-Picture Format's extra images:
 * phones' HDR gain maps and depth maps follow the first image this way), then zero padding.
 */
function walkJpegFile(data: Buffer): Walked {
  const primary = walkJpeg(data, 0);
  let p = primary.end;
  for (let extra = 0; p + 1 < data.length && data[p] === 0xff && data[p + 1] === 0xd8; extra++) {
    if (extra >= MAX_EXTRA_JPEG_IMAGES) throw hiddenData();
    p = walkJpeg(data, p).end;
  }
  checkTrailer(data, p);
  return primary;
}

/** Walks one JPEG from its SOI to its EOI, segment by segment. */
function walkJpeg(d: Buffer, start: number): Walked {
  if (d[start] !== 0xff || d[start + 1] !== 0xd8) throw notAnImage();
  let p = start + 2;
  let width = 0;
  let height = 0;
  let sawFrame = false;
  for (let parts = 0; ; parts++) {
    if (parts > MAX_PARTS) throw notAnImage();
    if (p >= d.length) throw notAnImage(); // cut short: no EOI
    if (d[p] !== 0xff) throw notAnImage(); // bytes between segments
    while (p < d.length && d[p] === 0xff) p++; // fill bytes
    if (p >= d.length) throw notAnImage();
    const marker = d[p++]!;
    if (marker === 0xd9) {
      if (!sawFrame) throw notAnImage();
      return { width, height, end: p };
    }
    if (marker === 0x00 || marker === 0xd8) throw notAnImage();
    if (isRst(marker) || marker === 0x01) continue; // no length
    if (p + 2 > d.length) throw notAnImage();
    const length = d.readUInt16BE(p);
    if (length < 2 || p + length > d.length) throw notAnImage();
    const payload = d.subarray(p + 2, p + length);
    if (isSof(marker)) {
      if (payload.length < 6) throw notAnImage();
      if (!sawFrame) {
        height = payload.readUInt16BE(1);
        width = payload.readUInt16BE(3);
        if (width === 0) throw notAnImage();
      }
      sawFrame = true;
    } else if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
      // APPn (EXIF, XMP, ICC, vendors' data) and comments: free-form bytes.
      if (hasHiddenContent(payload)) throw hiddenData();
    }
    p += length;
    if (marker === 0xda) p = skipEntropyCoded(d, p);
  }
}

/** From the end of a scan header to the next marker (not a stuffed 0xFF00 nor a restart marker). */
function skipEntropyCoded(d: Buffer, from: number): number {
  let p = from;
  for (;;) {
    const ff = d.indexOf(0xff, p);
    if (ff < 0 || ff + 1 >= d.length) throw notAnImage(); // cut short
    const next = d[ff + 1]!;
    if (next === 0x00 || isRst(next)) p = ff + 2;
    else if (next === 0xff) p = ff + 1;
    else return ff;
  }
}

// ---- PNG ------------------------------------------------------------------------------------------

/** Chunk by chunk from IHDR to IEND; every chunk but the compressed picture data is searched. */
function walkPng(d: Buffer): Walked {
  let p = 8;
  let width = 0;
  let height = 0;
  let first = true;
  for (let parts = 0; ; parts++) {
    if (parts > MAX_PARTS || p + 8 > d.length) throw notAnImage();
    const length = d.readUInt32BE(p);
    const type = d.toString('latin1', p + 4, p + 8);
    if (!/^[A-Za-z]{4}$/.test(type) || length > 0x7fffffff) throw notAnImage();
    const dataStart = p + 8;
    const end = dataStart + length + 4; // + CRC
    if (end > d.length) throw notAnImage();
    if (first) {
      if (type !== 'IHDR' || length !== 13) throw notAnImage();
      width = d.readUInt32BE(dataStart);
      height = d.readUInt32BE(dataStart + 4);
      if (width === 0 || height === 0) throw notAnImage();
      // Refused at once, before the rest is read: nothing else matters for an image this large.
      checkDimensions(width, height);
      first = false;
    } else if (type === 'IHDR') throw notAnImage();
    if (type !== 'IDAT' && type !== 'fdAT' && hasHiddenContent(d.subarray(dataStart, dataStart + length)))
      throw hiddenData();
    p = end;
    if (type === 'IEND') break;
  }
  checkTrailer(d, p);
  return { width, height, end: p };
}

// ---- WebP -----------------------------------------------------------------------------------------

/** The RIFF container's chunks up to its declared length; metadata and unknown chunks are searched. */
function walkWebp(d: Buffer): Walked {
  const riffEnd = 8 + d.readUInt32LE(4);
  if (riffEnd > d.length) throw notAnImage(); // cut short
  let p = 12;
  let width = 0;
  let height = 0;
  let sawImage = false;
  for (let parts = 0; p < riffEnd; parts++) {
    if (parts > MAX_PARTS || p + 8 > riffEnd) throw notAnImage();
    const fourcc = d.toString('latin1', p, p + 4);
    const size = d.readUInt32LE(p + 4);
    const dataStart = p + 8;
    if (dataStart + size > riffEnd) throw notAnImage();
    const payload = d.subarray(dataStart, dataStart + size);
    if (fourcc === 'VP8X') {
      if (size < 10) throw notAnImage();
      width = 1 + payload.readUIntLE(4, 3);
      height = 1 + payload.readUIntLE(7, 3);
    } else if (fourcc === 'VP8 ') {
      if (size < 10 || payload[3] !== 0x9d || payload[4] !== 0x01 || payload[5] !== 0x2a) throw notAnImage();
      if (!width) {
        width = payload.readUInt16LE(6) & 0x3fff;
        height = payload.readUInt16LE(8) & 0x3fff;
      }
      sawImage = true;
    } else if (fourcc === 'VP8L') {
      if (size < 5 || payload[0] !== 0x2f) throw notAnImage();
      if (!width) {
        const bits = payload.readUInt32LE(1);
        width = (bits & 0x3fff) + 1;
        height = ((bits >>> 14) & 0x3fff) + 1;
      }
      sawImage = true;
    } else if (fourcc === 'ANMF') {
      sawImage = true; // an animation's frames (the first is kept)
    } else if (fourcc !== 'ALPH' && hasHiddenContent(payload)) {
      throw hiddenData(); // EXIF, XMP, ICCP, ANIM and anything unknown
    }
    p = dataStart + size + (size & 1);
  }
  if (!sawImage) throw notAnImage();
  checkTrailer(d, riffEnd);
  return { width, height, end: riffEnd };
}
