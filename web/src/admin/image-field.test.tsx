import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downscaleImage } from './image-downscale';
import { renderAdmin } from './test-utils';

// The browser's decoder and canvas are not in happy-dom: the scaler itself is tested in
// image-downscale.test.ts (and for real in e2e/image-downscale.e2e.ts); here it is a stand-in.
vi.mock('./image-downscale', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./image-downscale')>();
  return { ...actual, downscaleImage: vi.fn(actual.downscaleImage) };
});
const scaler = vi.mocked(downscaleImage);
afterEach(() => scaler.mockReset());

const OVER = 5 * 1024 * 1024 + 1;
const UPLOADED = 'http://localhost:3000/uploads/abc.webp';

async function openProductForm(routes: Record<string, unknown> = {}) {
  const r = renderAdmin('/admin?tab=products', {
    'GET /api/admin/products': [],
    'GET /api/admin/product-categories': [],
    'POST /api/upload': { imageUrl: UPLOADED },
    'POST /api/products': { id: 1 },
    ...routes,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
  return r;
}
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [file] } });
const uploads = (api: { calls: Array<{ path: string; body: unknown }> }) =>
  api.calls.filter((c) => c.path === '/api/upload').map((c) => (c.body as FormData).get('image') as File);

async function createProduct(api: { calls: Array<{ path: string; body: unknown }> }) {
  await userEvent.type(screen.getByLabelText('Title'), 'T');
  await userEvent.type(screen.getByLabelText('Description'), 'D');
  await userEvent.type(screen.getByLabelText('Price (£)'), '3');
  await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
  await waitFor(() => expect(api.calls.some((c) => c.path === '/api/products')).toBe(true));
  return api.calls.find((c) => c.path === '/api/products')!.body as { imageUrl: string | null };
}

// Each test mounts the whole admin app and its product form: slow on a busy machine.
describe('a photo over 5 MB is scaled down in the client (issue 39 §4)', { timeout: 15_000 }, () => {
  it('shows "Preparing image…", then uploads the scaled JPEG instead of refusing it; 5 MB or less goes untouched', async () => {
    let finish: (b: Blob) => void = () => undefined;
    scaler.mockImplementation(() => new Promise<Blob>((resolve) => (finish = resolve)));
    const { api } = await openProductForm();
    const photo = new File([new Uint8Array(OVER)], 'IMG_0042.png', { type: 'image/png' });
    choose(photo);

    const button = await screen.findByRole('button', { name: 'Preparing image…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(scaler).toHaveBeenCalledWith(photo, { maxBytes: 5 * 1024 * 1024 });
    expect(uploads(api)).toHaveLength(0);

    finish(new Blob([new Uint8Array(1234)], { type: 'image/jpeg' }));
    expect(await screen.findByText('Image uploaded successfully!')).toBeTruthy();
    expect(screen.queryByText('File too large')).toBeNull();
    const [sent] = uploads(api);
    expect(sent?.name).toBe('IMG_0042.jpg');
    expect(sent?.size).toBe(1234);
    expect(sent?.type).toBe('image/jpeg');
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeTruthy();
    expect(screen.getByAltText('Preview').getAttribute('src')).toBe(UPLOADED);

    // A file of 5 MB or less is sent untouched.
    const small = new File([new Uint8Array(5 * 1024 * 1024)], 'ok.webp', { type: 'image/webp' });
    choose(small);
    await waitFor(() => expect(uploads(api)).toHaveLength(2));
    expect(scaler).toHaveBeenCalledTimes(1);
    expect(uploads(api)[1]?.name).toBe('ok.webp');
    expect(uploads(api)[1]?.size).toBe(small.size);
  });

  it('when the scaler fails (cannot decode, still too large): "File too large" as before; a GIF is not tried', async () => {
    scaler.mockResolvedValue(null);
    const { api } = await openProductForm();
    choose(new File([new Uint8Array(OVER)], 'huge.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(screen.getByText('Please upload an image smaller than 5MB.')).toBeTruthy();
    expect(scaler).toHaveBeenCalledTimes(1);
    expect(uploads(api)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeTruthy();

    // A scaler that throws, or hands back something still over the limit, is refused the same way.
    scaler.mockRejectedValueOnce(new Error('out of memory'));
    choose(new File([new Uint8Array(OVER)], 'huge2.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(scaler).toHaveBeenCalledTimes(2));
    scaler.mockResolvedValueOnce(new Blob([new Uint8Array(OVER)], { type: 'image/jpeg' }));
    choose(new File([new Uint8Array(OVER)], 'huge3.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(scaler).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload Image' })).toBeTruthy());
    expect(screen.getByText('File too large')).toBeTruthy();
    expect(uploads(api)).toHaveLength(0);

    // A GIF over 5 MB is refused without trying (its animation would be lost); a non-image keeps
    // "Invalid file type".
    choose(new File([new Uint8Array(OVER)], 'party.gif', { type: 'image/gif' }));
    expect(await screen.findByText('File too large')).toBeTruthy();
    choose(new File([new Uint8Array(OVER)], 'movie.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(scaler).toHaveBeenCalledTimes(3);
    expect(uploads(api)).toHaveLength(0);
  });
});

describe('focal point on the preview (issue 39 §4)', { timeout: 15_000 }, () => {
  async function withImage(url = 'https://cdn.example/rose.jpg') {
    const r = await openProductForm();
    await userEvent.type(screen.getByLabelText('Or image URL'), url);
    await userEvent.click(screen.getByRole('button', { name: 'Use URL' }));
    const control = screen.getByRole('slider', { name: 'Focal point' });
    // happy-dom lays nothing out: a 200×100 preview at (10, 20).
    control.getBoundingClientRect = () =>
      ({ left: 10, top: 20, width: 200, height: 100, right: 210, bottom: 120, x: 10, y: 20 }) as DOMRect;
    return { ...r, control };
  }
  const crops = () =>
    [...document.querySelectorAll('figure img')].map((img) => (img as HTMLImageElement).style.objectPosition);

  it('a click on the preview sets the point: marker, name, crops, and the URL carries #focus=x,y', async () => {
    const { api, control } = await withImage();
    expect(control.getAttribute('aria-valuetext')).toBe('not set (centre)');
    expect(control.getAttribute('tabindex')).toBe('0');
    expect(control.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(control.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /Click or tap the picture.*arrow keys/,
    );
    expect(screen.queryByTestId('focal-marker')).toBeNull();
    expect(screen.getByText('16:9 crop')).toBeTruthy();
    expect(screen.getByText('Square crop')).toBeTruthy();

    fireEvent.click(control, { clientX: 10 + 60, clientY: 20 + 70 });
    expect(control.getAttribute('aria-valuetext')).toBe('30% across, 70% down');
    expect(screen.getByText('Focal point: 30% across, 70% down.')).toBeTruthy();
    const marker = screen.getByTestId('focal-marker');
    expect(marker.style.left).toBe('30%');
    expect(marker.style.top).toBe('70%');
    expect(crops()).toEqual(['30% 70%', '30% 70%']);
    // The preview shows the plain address.
    expect(screen.getByAltText('Preview').getAttribute('src')).toBe('https://cdn.example/rose.jpg');

    expect((await createProduct(api)).imageUrl).toBe('https://cdn.example/rose.jpg#focus=30,70');
  });

  it('arrow keys move the point (Shift: 10 %), within the picture; Reset focal point clears it', async () => {
    const { api, control } = await withImage();
    control.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(control.getAttribute('aria-valuetext')).toBe('51% across, 50% down');
    await userEvent.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}{ArrowLeft}{ArrowLeft}');
    expect(control.getAttribute('aria-valuetext')).toBe('49% across, 70% down');
    await userEvent.keyboard(
      '{Shift>}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{/Shift}',
    );
    expect(control.getAttribute('aria-valuetext')).toBe('49% across, 0% down');
    expect(crops()).toEqual(['49% 0%', '49% 0%']);

    await userEvent.click(screen.getByRole('button', { name: 'Reset focal point' }));
    expect(control.getAttribute('aria-valuetext')).toBe('not set (centre)');
    expect(screen.queryByTestId('focal-marker')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset focal point' })).toBeNull();
    expect(crops()).toEqual(['', '']);
    expect(document.activeElement).toBe(control);
    expect((await createProduct(api)).imageUrl).toBe('https://cdn.example/rose.jpg');
  });

  it('a URL that already carries a point shows it; the preview and load errors work as before', async () => {
    const { control } = await withImage('https://cdn.example/missing.png#focus=12.5,80');
    expect(control.getAttribute('aria-valuetext')).toBe('12.5% across, 80% down');
    const img = screen.getByAltText('Preview');
    expect(img.getAttribute('src')).toBe('https://cdn.example/missing.png');
    fireEvent.error(img);
    expect(await screen.findAllByText('Invalid image')).not.toHaveLength(0);
    expect(screen.queryByRole('slider')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByAltText('Preview')).toBeNull();
    expect(screen.queryByRole('alert', { name: /Invalid image/ })).toBeNull();
  });
});
