// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadFile } from '../../../renderer/formContext.ts';
import { FileWidget } from '../../../renderer/widgets/index.ts';
import { formContext, registry } from './props.ts';
import { renderWidget } from './renderWidget.tsx';

afterEach(cleanup);

function file(name: string, type: string, size = 10): File {
  const chosen = new File(['x'], name, { type });
  Object.defineProperty(chosen, 'size', { value: size });
  return chosen;
}

function picker(): HTMLInputElement {
  return document.getElementById('root_field') as HTMLInputElement;
}

function alertText(): string {
  return screen.getByRole('alert').textContent ?? '';
}

/** An upload service whose uploads finish when the test says so. */
function controlledUpload() {
  const pending: { file: File; progress: (fraction: number) => void; done: () => void }[] = [];
  const upload = vi.fn<UploadFile>(
    (chosen, onProgress) =>
      new Promise((resolve) => {
        pending.push({
          file: chosen,
          progress: onProgress,
          done: () =>
            resolve({
              id: `id-${chosen.name}`,
              name: chosen.name,
              type: chosen.type,
              size: chosen.size,
            }),
        });
      }),
  );
  return { upload, pending };
}

function withUpload(upload: UploadFile, limits = { maxSizeBytes: 1_000, maxCount: 3 }) {
  return { registry: registry(formContext({ upload, fileLimits: limits })) };
}

describe('file widget', () => {
  it('rejects a file of a wrong type before uploading, with the German message', async () => {
    const { upload } = controlledUpload();
    renderWidget(FileWidget, withUpload(upload));
    // The picker's accept would hide the file; a drop or another browser may still bring it.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(picker(), file('tool.exe', 'application/x-msdownload'));
    expect(alertText()).toBe('Dieser Dateityp wird nicht unterstützt.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('rejects a file that is too big before uploading', async () => {
    const { upload } = controlledUpload();
    const { user } = renderWidget(FileWidget, withUpload(upload));
    await user.upload(picker(), file('foto.jpg', 'image/jpeg', 5_000));
    expect(alertText()).toBe('Die Datei ist zu groß.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('rejects more files than the field allows', async () => {
    const { upload } = controlledUpload();
    const { user } = renderWidget(FileWidget, {
      ...withUpload(upload),
      options: { maxFiles: 1 },
    });
    expect(picker().multiple).toBe(false);
    fireEvent.drop(picker().parentElement as HTMLElement, {
      dataTransfer: { files: [file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf')] },
    });
    expect(alertText()).toBe('Sie haben zu viele Dateien ausgewählt.');
    expect(upload).not.toHaveBeenCalled();
    await user.tab();
  });

  it('offers the allowed types to the picker', () => {
    const { upload } = controlledUpload();
    renderWidget(FileWidget, withUpload(upload));
    expect(picker().accept).toContain('application/pdf');
    expect(picker().accept).toContain('image/heic');
  });

  it('uploads a chosen file with a labelled progress bar, lists it and removes it again', async () => {
    const { upload, pending } = controlledUpload();
    const { user, lastValue } = renderWidget(FileWidget, withUpload(upload));
    await user.upload(picker(), file('schaden.jpg', 'image/jpeg', 500));
    expect(upload).toHaveBeenCalledTimes(1);
    act(() => pending[0]?.progress(0.5));
    const progress = screen.getByRole('progressbar', { name: 'schaden.jpg wird hochgeladen' });
    expect((progress as HTMLProgressElement).value).toBe(0.5);

    await act(async () => pending[0]?.done());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(lastValue()).toEqual([
      { id: 'id-schaden.jpg', name: 'schaden.jpg', type: 'image/jpeg', size: 500 },
    ]);
    expect(screen.getByRole('status').textContent).toBe('schaden.jpg wurde hochgeladen.');

    await user.click(screen.getByRole('button', { name: 'schaden.jpg entfernen' }));
    expect(lastValue()).toBeUndefined();
    expect(screen.queryByText('schaden.jpg')).toBeNull();
    expect(document.activeElement).toBe(picker());
  });

  it('accepts a dropped file like a chosen one', async () => {
    const { upload, pending } = controlledUpload();
    const { lastValue } = renderWidget(FileWidget, withUpload(upload));
    await act(async () => {
      fireEvent.drop(picker().parentElement as HTMLElement, {
        dataTransfer: { files: [file('beleg.pdf', 'application/pdf')] },
      });
    });
    expect(upload).toHaveBeenCalledTimes(1);
    await act(async () => pending[0]?.done());
    expect(lastValue()).toEqual([
      { id: 'id-beleg.pdf', name: 'beleg.pdf', type: 'application/pdf', size: 10 },
    ]);
  });

  it('says so when an upload fails', async () => {
    const upload = vi.fn<UploadFile>(() => Promise.reject(new Error('offline')));
    const { user, lastValue } = renderWidget(FileWidget, withUpload(upload));
    await user.upload(picker(), file('schaden.jpg', 'image/jpeg'));
    expect(alertText()).toBe(
      'schaden.jpg konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.',
    );
    expect(lastValue()).toBeUndefined();
  });

  it('disables the picker and says so without an upload service', () => {
    renderWidget(FileWidget);
    expect(picker().disabled).toBe(true);
    expect(
      screen.getByText(
        'Das Hochladen von Dateien ist gerade nicht möglich. Bitte versuchen Sie es später erneut.',
      ),
    ).toBeDefined();
  });

  it('carries the field id, aria-describedby and aria-invalid on the picker', () => {
    const { upload } = controlledUpload();
    renderWidget(FileWidget, {
      ...withUpload(upload),
      rawErrors: ['Bitte laden Sie eine Datei hoch.'],
    });
    expect(picker().getAttribute('aria-describedby')).toContain('root_field__error');
    expect(picker().getAttribute('aria-invalid')).toBe('true');
  });
});
