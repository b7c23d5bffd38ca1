// Choose a photo, see it, remove it. The type and size checks repeat the server's for a quick message.
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { PHOTO_TYPES, photoProblem } from '../../../shared/photos';
import { cn } from '../../lib/cn';

interface PhotoPickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  onError: (message: string) => void;
}

export function PhotoPicker({ file, onChange, error, onError }: PhotoPickerProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // One object URL per chosen file, given back when the file changes or the picker goes away.
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  function pick(chosen: File | undefined) {
    if (!chosen) return;
    const problem = photoProblem(chosen);
    if (!problem) {
      onChange(chosen);
      return;
    }
    onError(problem);
    if (input.current) input.current.value = '';
    onChange(null);
  }

  function remove() {
    if (input.current) input.current.value = '';
    onChange(null);
    // The button goes away with the preview: keep keyboard users in the same place, on the picker.
    input.current?.focus();
  }

  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
        Photo
      </label>
      {/* Visually hidden but focusable; the drop zone after it shows its focus ring. */}
      <input
        ref={input}
        id={inputId}
        name="itemPhoto"
        type="file"
        accept={PHOTO_TYPES.join(',')}
        className="peer sr-only"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(e) => pick(e.target.files?.[0])}
      />
      {preview && file ? (
        <div className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
          <img src={preview} alt={`Preview of ${file.name}`} className="aspect-[4/3] w-full object-contain" />
          <button
            type="button"
            onClick={remove}
            className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-white/95 px-3 py-1.5 text-sm font-medium text-slate-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
          >
            <X aria-hidden="true" className="size-4" /> Remove photo
          </button>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed bg-white px-6 py-10 text-center hover:bg-slate-50',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-600',
            error ? 'border-red-600' : 'border-slate-300',
          )}
        >
          <ImagePlus aria-hidden="true" className="size-8 text-slate-500" />
          <span className="text-sm font-medium text-accent-700">Choose a photo</span>
          <span className="text-xs text-slate-600">JPEG, PNG, WebP or GIF, up to 5 MB</span>
        </label>
      )}
      {error && (
        <p id={`${inputId}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
