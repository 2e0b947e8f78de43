import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { IMAGE_UPLOAD_MESSAGES, ImageUpload, MAX_IMAGE_BYTES } from './image-upload';

const png = (name = 'logo.png', size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** An upload the test finishes by hand, with the progress callback it was given. */
function controlledUpload() {
  let finish: (value?: unknown) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  let progress: (fraction: number) => void = () => undefined;
  const onUpload = vi.fn(
    (_files: File[], onProgress: (fraction: number) => void) =>
      new Promise((resolve, reject) => {
        progress = onProgress;
        finish = resolve;
        fail = reject;
      }),
  );
  return {
    onUpload,
    progress: (f: number) => act(() => progress(f)),
    finish: () => act(async () => finish()),
    fail: (error: unknown) => act(async () => fail(error)),
  };
}

describe('ImageUpload', () => {
  it('sends the chosen file, shows progress, then "Processing…", and is off meanwhile', async () => {
    const upload = controlledUpload();
    const onUploadingChange = vi.fn();
    const onUploaded = vi.fn();
    render(
      <ImageUpload
        label="Upload logo"
        onUpload={upload.onUpload}
        onUploadingChange={onUploadingChange}
        onUploaded={onUploaded}
        hint="Square, JPEG, PNG or WebP"
      />,
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Upload logo' });
    expect(button).toHaveAccessibleDescription('Square, JPEG, PNG or WebP');
    const file = png();
    await user.upload(screen.getByLabelText('Upload logo'), file);

    expect(upload.onUpload).toHaveBeenCalledWith([file], expect.any(Function));
    expect(onUploadingChange).toHaveBeenLastCalledWith(true);
    expect(button).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Uploading image…');
    upload.progress(0.45);
    expect(screen.getByRole('progressbar', { name: 'Upload logo: upload progress' })).toHaveValue(45);
    expect(screen.getByRole('status')).toHaveTextContent('45%');
    upload.progress(1);
    expect(screen.getByRole('status')).toHaveTextContent('Processing image…');

    await upload.finish();
    expect(onUploaded).toHaveBeenCalledOnce();
    expect(onUploadingChange).toHaveBeenLastCalledWith(false);
    expect(button).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the server's refusal, and clears it with the next choice", async () => {
    const upload = controlledUpload();
    render(<ImageUpload label="Upload banner" onUpload={upload.onUpload} />);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Upload banner'), png());
    await upload.fail(new ApiError(422, ['Image is too large (max 10 MB).']));
    expect(screen.getByRole('alert')).toHaveTextContent('Image is too large (max 10 MB).');

    await user.upload(screen.getByLabelText('Upload banner'), png('other.png'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(upload.onUpload).toHaveBeenCalledTimes(2);
  });

  it('refuses a file that is too large or not an image, and what validate refuses, without sending', async () => {
    const onUpload = vi.fn(async () => undefined);
    render(
      <ImageUpload
        label="Add images"
        multiple
        onUpload={onUpload}
        validate={(files) => (files.length > 2 ? 'A gallery can have at most 20 images.' : null)}
      />,
    );
    const input = screen.getByLabelText('Add images');
    fireEvent.change(input, { target: { files: [png('big.png', MAX_IMAGE_BYTES + 1)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('big.png is too large (max 10 MB).');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('menu.pdf is not an image (JPEG, PNG or WebP).');
    fireEvent.change(input, { target: { files: [png('a.png'), png('b.png'), png('c.png')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('A gallery can have at most 20 images.');
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('of several files chosen together, sends the images and names each one refused (issue 23)', async () => {
    const upload = controlledUpload();
    const onUploaded = vi.fn();
    const validate = vi.fn((_files: File[]) => null);
    render(
      <ImageUpload
        label="Add images"
        multiple
        onUpload={upload.onUpload}
        onUploaded={onUploaded}
        validate={validate}
      />,
    );
    const user = userEvent.setup({ applyAccept: false });
    const photos = [png('porch.png'), png('deck.png')];
    const notes = new File(['to do'], 'notes.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Add images'), [photos[0]!, notes, photos[1]!]);
    expect(upload.onUpload).toHaveBeenCalledWith(photos, expect.any(Function));
    // The gallery's rule counts what is sent, not the refused file.
    expect(validate).toHaveBeenCalledWith(photos);
    expect(screen.getByRole('alert')).toHaveTextContent('notes.txt is not an image (JPEG, PNG or WebP).');
    expect(screen.getByRole('status')).toHaveTextContent('Uploading 2 images…');
    await upload.finish();
    expect(onUploaded).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert')).toHaveTextContent('notes.txt is not an image (JPEG, PNG or WebP).');
    // Only refused files: nothing is sent.
    fireEvent.change(screen.getByLabelText('Add images'), {
      target: { files: [notes, new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'notes.txt is not an image (JPEG, PNG or WebP).menu.pdf is not an image (JPEG, PNG or WebP).',
    );
    expect(upload.onUpload).toHaveBeenCalledOnce();
  });

  it('a drop zone takes dropped images; one image only unless multiple', async () => {
    const onUpload = vi.fn(async () => undefined);
    const { container } = render(<ImageUpload label="Upload logo" variant="dropzone" onUpload={onUpload} />);
    const area = container.querySelector('.image-upload__area')!;
    expect(area).toHaveTextContent('or drop an image here');
    fireEvent.drop(area, { dataTransfer: { files: [png('a.png'), png('b.png')] } });
    expect(screen.getByRole('alert')).toHaveTextContent(IMAGE_UPLOAD_MESSAGES.oneAtATime);
    const file = png('a.png');
    await act(async () => {
      fireEvent.drop(area, { dataTransfer: { files: [file] } });
    });
    expect(onUpload).toHaveBeenCalledWith([file], expect.any(Function));
  });
});
