import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from './test-utils';

async function openProductForm(routes: Record<string, unknown> = {}, platform = {}) {
  const r = renderAdmin(
    '/admin?tab=products',
    { 'GET /api/admin/products': [], 'GET /api/admin/product-categories': [], ...routes },
    platform,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
  return r;
}
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [file] } });

describe('image upload control (spec §5)', () => {
  it('a non-image file: "Invalid file type" / "Please upload a JPEG, PNG, GIF, or WebP image." and no upload', async () => {
    const { api } = await openProductForm();
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(screen.getByText('Please upload a JPEG, PNG, GIF, or WebP image.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/upload')).toBe(false);
  });

  it('over 5MB: "File too large" / "Please upload an image smaller than 5MB." and no upload', async () => {
    const { api } = await openProductForm();
    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(screen.getByText('Please upload an image smaller than 5MB.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/upload')).toBe(false);
  });

  it('a good file is sent as multipart field "image": "Image uploaded successfully!", preview, and the URL goes in the payload', async () => {
    const { api } = await openProductForm({
      'POST /api/upload': { imageUrl: 'http://localhost:3000/uploads/abc.webp' },
      'POST /api/products': { id: 1 },
    });
    choose(new File([new Uint8Array([1, 2, 3])], 'rose.png', { type: 'image/png' }));
    expect(await screen.findByText('Image uploaded successfully!')).toBeTruthy();
    const sent = api.calls.find((c) => c.path === '/api/upload')!.body as FormData;
    expect((sent.get('image') as File).name).toBe('rose.png');
    expect(screen.getByAltText('Preview').getAttribute('src')).toBe('http://localhost:3000/uploads/abc.webp');

    await userEvent.type(screen.getByLabelText('Title'), 'T');
    await userEvent.type(screen.getByLabelText('Description'), 'D');
    await userEvent.type(screen.getByLabelText('Price (£)'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/products')?.body).toMatchObject({
        imageUrl: 'http://localhost:3000/uploads/abc.webp',
      }),
    );
  });

  it('a refused upload says "Failed to upload image. Please try again."', async () => {
    await openProductForm({
      'POST /api/upload': () => Response.json({ message: 'Invalid file type.' }, { status: 415 }),
    });
    choose(new File([new Uint8Array([1])], 'x.png', { type: 'image/png' }));
    expect(await screen.findByText('Failed to upload image. Please try again.')).toBeTruthy();
  });

  it('a URL instead of a file; a preview that does not load shows "Invalid image"', async () => {
    await openProductForm();
    await userEvent.type(screen.getByLabelText('Or image URL'), 'https://cdn.example/missing.png');
    await userEvent.click(screen.getByRole('button', { name: 'Use URL' }));
    const img = screen.getByAltText('Preview');
    expect(img.getAttribute('src')).toBe('https://cdn.example/missing.png');
    fireEvent.error(img);
    expect(await screen.findAllByText('Invalid image')).not.toHaveLength(0);
    expect(screen.getAllByText('Could not load the image. Please check the URL.').length).toBeGreaterThan(0);
  });

  it('Add clears any image left from before (after asking: the image was an unsaved change)', async () => {
    await openProductForm();
    await userEvent.type(screen.getByLabelText('Or image URL'), 'https://cdn.example/a.png');
    await userEvent.click(screen.getByRole('button', { name: 'Use URL' }));
    expect(screen.getByAltText('Preview')).toBeTruthy();
    const confirm = vi.fn(() => true);
    Object.defineProperty(window, 'confirm', { value: confirm, configurable: true, writable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.queryByAltText('Preview')).toBeNull();
  });

  it('on the desktop, the platform picks the file (native dialog) and the same upload runs', async () => {
    const pickImage = vi.fn(async () => ({
      name: 'desk.webp',
      type: 'image/webp',
      size: 3,
      data: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' }),
    }));
    const { api } = await openProductForm(
      { 'POST /api/upload': { imageUrl: 'http://127.0.0.1:3000/uploads/d.webp' } },
      { kind: 'desktop', pickImage },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload Image' }));
    expect(pickImage).toHaveBeenCalled();
    expect(await screen.findByText('Image uploaded successfully!')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/upload' && c.method === 'POST')).toBe(true);
  });
});
