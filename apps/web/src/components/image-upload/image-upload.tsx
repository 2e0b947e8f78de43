import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import {
  IMAGE_INPUT_ACCEPT,
  IMAGE_MESSAGES,
  imageFileMessage,
  MAX_UPLOAD_BYTES,
} from '@stg/domain/image-uploads';
import { errorsOf } from '../../lib/api-client';
import { ErrorList } from '../error-list';
import './image-upload.css';

/** The image types the server takes (it checks the content again, whatever the name or type says). */
export const IMAGE_ACCEPT = IMAGE_INPUT_ACCEPT;
const ACCEPTED_TYPES = IMAGE_ACCEPT.split(',');
/** The server's limit per image. */
export const MAX_IMAGE_BYTES = MAX_UPLOAD_BYTES;
/** The server's own messages for these refusals, so a refusal reads the same before and after sending. */
export const IMAGE_UPLOAD_MESSAGES = {
  notAnImage: IMAGE_MESSAGES.notAnImage,
  tooLarge: IMAGE_MESSAGES.tooLarge,
  oneAtATime: 'Choose one image.',
} as const;

/** What is wrong with one chosen file (its type or size), naming it as the server does; null when none. */
export function fileRefusal(file: File): string | null {
  // A type the browser cannot name (empty) is left to the server, which reads the content.
  if (file.type !== '' && !ACCEPTED_TYPES.includes(file.type))
    return imageFileMessage('notAnImage', file.name);
  if (file.size > MAX_IMAGE_BYTES) return imageFileMessage('tooLarge', file.name);
  return null;
}

/**
 * The chosen files sorted before anything is sent: those to send, and a message for each one refused
 * (issue 23, finding 10: two photos and a notes.txt chosen together send the photos and name notes.txt).
 * More than one file where one is wanted refuses them all.
 */
export function sortChosenFiles(
  files: readonly File[],
  multiple: boolean,
): { send: File[]; refused: string[] } {
  if (!multiple && files.length > 1) return { send: [], refused: [IMAGE_UPLOAD_MESSAGES.oneAtATime] };
  const send: File[] = [];
  const refused: string[] = [];
  for (const file of files) {
    const refusal = fileRefusal(file);
    if (refusal) refused.push(refusal);
    else send.push(file);
  }
  return { send, refused };
}

export interface ImageUploadProps {
  /** The button's text, e.g. "Upload logo" or "Replace logo"; also names the file input. */
  label: string;
  /**
   * Sends the chosen files and reports progress (0 to 1) while sending. A rejection with an ApiError shows
   * the server's messages (e.g. "Image is too large (max 10 MB)."). With lib/vendor-api:
   * `(files, onProgress) => upload.mutateAsync({ slot: 'logo', files, onProgress })`.
   */
  onUpload: (files: File[], onProgress: (fraction: number) => void) => Promise<unknown>;
  /** Several files at once (a gallery). */
  multiple?: boolean;
  /** 'button' (default): one button. 'dropzone': a dashed area with the button that also takes dropped files. */
  variant?: 'button' | 'dropzone';
  /**
   * A check of the files about to be sent (those the type and size checks let through; e.g.
   * galleryAddProblem): a message refuses them.
   */
  validate?: (files: File[]) => string | null;
  /** Told when an upload starts (true) and ends (false), e.g. to keep a Continue button off meanwhile. */
  onUploadingChange?: (uploading: boolean) => void;
  /** After the upload succeeded. */
  onUploaded?: () => void;
  disabled?: boolean;
  /** Under the control (formats, sizes); read with the button. */
  hint?: ReactNode;
  /** The button's look: primary (default) for a first upload, secondary for a replacement. */
  tone?: 'primary' | 'secondary';
  className?: string;
}

/**
 * A reusable image upload: a button (or a drop zone) that opens the file chooser for JPEG, PNG or WebP
 * images, checks each file's type and size (sending the good ones and naming each one refused) and the
 * caller's rule before sending, shows progress while sending ("Processing…"
 * once the bytes are sent and the server re-encodes them), and shows the server's refusal under it. The
 * control is off during an upload; a new choice clears the last message.
 */
export function ImageUpload({
  label,
  onUpload,
  multiple = false,
  variant = 'button',
  validate,
  onUploadingChange,
  onUploaded,
  disabled = false,
  hint,
  tone = 'primary',
  className = '',
}: ImageUploadProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [count, setCount] = useState(0);
  const [errors, setErrors] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const uploading = progress !== null;
  const off = disabled || uploading;

  const send = async (chosen: File[]) => {
    if (off || chosen.length === 0) return;
    // The good files go on; each refused one is named and stays named after the others are sent.
    const { send: files, refused } = sortChosenFiles(chosen, multiple);
    if (files.length === 0) {
      setErrors(refused);
      return;
    }
    const problem = validate?.(files) ?? null;
    if (problem) {
      setErrors([problem, ...refused]);
      return;
    }
    setErrors(refused);
    setCount(files.length);
    setProgress(0);
    onUploadingChange?.(true);
    try {
      await onUpload(files, (fraction) => setProgress(Math.max(0, Math.min(1, fraction))));
      onUploaded?.();
    } catch (error) {
      setErrors([...refused, ...errorsOf(error)]);
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send(Array.from(event.dataTransfer.files));
  };
  const dropHandlers =
    variant === 'dropzone'
      ? {
          onDragEnter: (event: DragEvent) => {
            event.preventDefault();
            if (!off) setDragging(true);
          },
          onDragOver: (event: DragEvent) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = off ? 'none' : 'copy';
          },
          onDragLeave: (event: DragEvent) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          },
          onDrop,
        }
      : {};

  const percent = progress === null ? 0 : Math.round(progress * 100);
  const what = count > 1 ? `${count} images` : 'image';
  const classes = [
    'image-upload',
    `image-upload--${variant}`,
    dragging ? 'is-dragging' : '',
    uploading ? 'is-uploading' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes}>
      <div className="image-upload__area" {...dropHandlers}>
        <button
          type="button"
          className={`button button--${tone} image-upload__button`}
          disabled={off}
          aria-describedby={hint ? hintId : undefined}
          onClick={() => inputRef.current?.click()}
        >
          {label}
        </button>
        {variant === 'dropzone' && (
          <span className="image-upload__drop-note" aria-hidden="true">
            or drop {multiple ? 'images' : 'an image'} here
          </span>
        )}
        <input
          ref={inputRef}
          type="file"
          hidden
          accept={IMAGE_ACCEPT}
          multiple={multiple}
          aria-label={label}
          disabled={off}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            // Cleared, so choosing the same file again (after a refusal) is a new choice.
            event.currentTarget.value = '';
            void send(files);
          }}
        />
        {hint && (
          <div id={hintId} className="field__hint image-upload__hint">
            {hint}
          </div>
        )}
      </div>
      <div className="image-upload__status" role="status">
        {uploading && (
          <>
            <span className="image-upload__status-text">
              {progress < 1 ? `Uploading ${what}…` : `Processing ${what}…`}
            </span>
            <progress
              className="image-upload__progress"
              max={100}
              value={percent}
              aria-label={`${label}: upload progress`}
            />
            <span className="image-upload__percent" aria-hidden="true">
              {percent}%
            </span>
          </>
        )}
      </div>
      <ErrorList errors={errors} className="image-upload__errors" />
    </div>
  );
}
