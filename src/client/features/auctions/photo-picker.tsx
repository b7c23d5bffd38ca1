// The create form's photos: several picked or dropped at once, each previewed, removable and moved
// earlier or later with buttons (the first is the cover). The type, size and count checks repeat the
// server's for a quick message; the server decides.
import { ArrowLeft, ArrowRight, ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { PHOTOS_MAX, TOO_MANY_PHOTOS } from '../../../shared/listing';
import { PHOTO_TYPES, photoProblem } from '../../../shared/photos';
import { cn } from '../../lib/cn';

export interface PickedPhoto {
  id: string;
  file: File;
  /** An object URL for the preview, given back when the photo is removed or the form goes away. */
  url: string;
}

let nextPhotoId = 0;

/** The photos chosen so far, in order, and the ways to change them. */
export function usePickedPhotos() {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const shown = useRef<PickedPhoto[]>([]);
  useEffect(() => {
    shown.current = photos;
  }, [photos]);
  useEffect(() => () => shown.current.forEach((photo) => URL.revokeObjectURL(photo.url)), []);

  return {
    photos,
    /** Adds what fits: how many were added, and the message for the first file left out (or null). */
    add(files: File[]): { added: number; problem: string | null } {
      let problem: string | null = null;
      const added: PickedPhoto[] = [];
      for (const file of files) {
        const refused = photoProblem(file) ?? (photos.length + added.length >= PHOTOS_MAX ? TOO_MANY_PHOTOS : null);
        if (refused) problem ??= refused;
        else added.push({ id: `photo-${(nextPhotoId += 1)}`, file, url: URL.createObjectURL(file) });
      }
      if (added.length > 0) setPhotos([...photos, ...added]);
      return { added: added.length, problem };
    },
    remove(id: string) {
      const photo = photos.find((p) => p.id === id);
      if (photo) URL.revokeObjectURL(photo.url);
      setPhotos(photos.filter((p) => p.id !== id));
    },
    move(id: string, by: -1 | 1) {
      const from = photos.findIndex((p) => p.id === id);
      const to = from + by;
      if (from < 0 || to < 0 || to >= photos.length) return;
      const next = [...photos];
      [next[from], next[to]] = [next[to]!, next[from]!];
      setPhotos(next);
    },
    clear() {
      photos.forEach((photo) => URL.revokeObjectURL(photo.url));
      setPhotos([]);
    },
  };
}

export type PickedPhotos = ReturnType<typeof usePickedPhotos>;

interface PhotoPickerProps {
  picked: PickedPhotos;
  error?: string;
  /** A message for the picker (a refused file), or null when the photos are right again. */
  onError: (message: string | null) => void;
}

type Action = 'earlier' | 'later' | 'remove';

export function PhotoPicker({ picked, error, onError }: PhotoPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // After a move the photo's buttons are drawn in its new place: the focus follows them there.
  const [focusAfter, setFocusAfter] = useState<{ id: string; action: Action } | null>(null);
  const { photos } = picked;
  const full = photos.length >= PHOTOS_MAX;

  useEffect(() => {
    if (!focusAfter) return;
    const group = list.current?.querySelector<HTMLElement>(`[data-photo="${focusAfter.id}"]`);
    const wanted = group?.querySelector<HTMLButtonElement>(`[data-action="${focusAfter.action}"]:not(:disabled)`);
    (wanted ?? group?.querySelector<HTMLButtonElement>('button:not(:disabled)'))?.focus();
  }, [focusAfter]);

  function take(files: File[]) {
    if (files.length === 0) return;
    const { added, problem } = picked.add(files);
    onError(problem);
    if (added > 0) setAnnouncement(`${photoCount(photos.length + added)} chosen.`);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    take([...event.dataTransfer.files]);
  }

  function move(photo: PickedPhoto, position: number, by: -1 | 1) {
    picked.move(photo.id, by);
    setFocusAfter({ id: photo.id, action: by < 0 ? 'earlier' : 'later' });
    setAnnouncement(`Photo moved to position ${position + by} of ${photos.length}.${position + by === 1 ? ' It is the cover.' : ''}`);
  }

  function remove(photo: PickedPhoto, index: number) {
    picked.remove(photo.id);
    onError(null);
    setAnnouncement(`Photo removed. ${photoCount(photos.length - 1)} left.`);
    // The focus goes to the photo that took its place, or to the picker when none did.
    const neighbour = photos[index + 1] ?? photos[index - 1];
    if (neighbour) setFocusAfter({ id: neighbour.id, action: 'remove' });
    else input.current?.focus();
  }

  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
        Photos
      </label>
      <p id={hintId} className="mb-2 text-sm text-slate-600">
        Up to {PHOTOS_MAX} photos. The first photo is the cover.
      </p>
      {photos.length > 0 && (
        <ol ref={list} className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <div
                role="group"
                aria-label={`Photo ${index + 1} of ${photos.length}${index === 0 ? ', the cover' : ''}: ${photo.file.name}`}
                data-photo={photo.id}
                className="overflow-hidden rounded-lg border border-slate-200 bg-white"
              >
                <div className="relative bg-slate-100">
                  <img src={photo.url} alt={`Preview of ${photo.file.name}`} className="aspect-[4/3] w-full object-cover" />
                  <span className="absolute top-2 left-2 rounded-full bg-slate-900/80 px-2 py-0.5 text-xs font-medium text-white tabular-nums">
                    {index === 0 ? 'Cover' : index + 1}
                  </span>
                </div>
                <div className="flex items-center justify-between gap-1 p-1.5">
                  <div className="flex gap-1">
                    <IconButton
                      action="earlier"
                      label="Move earlier"
                      disabled={index === 0}
                      onClick={() => move(photo, index + 1, -1)}
                      icon={<ArrowLeft aria-hidden="true" className="size-4" />}
                    />
                    <IconButton
                      action="later"
                      label="Move later"
                      disabled={index === photos.length - 1}
                      onClick={() => move(photo, index + 1, 1)}
                      icon={<ArrowRight aria-hidden="true" className="size-4" />}
                    />
                  </div>
                  <IconButton
                    action="remove"
                    label="Remove photo"
                    onClick={() => remove(photo, index)}
                    icon={<X aria-hidden="true" className="size-4" />}
                  />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {/* Visually hidden but focusable; the drop zone after it shows its focus ring. */}
      <input
        ref={input}
        id={inputId}
        name="itemPhoto"
        type="file"
        multiple
        disabled={full}
        accept={PHOTO_TYPES.join(',')}
        className="peer sr-only"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? `${inputId}-error` : null].filter(Boolean).join(' ')}
        onChange={(e) => {
          take([...(e.target.files ?? [])]);
          // The same file may be picked again after it was removed.
          e.target.value = '';
        }}
      />
      {!full && (
        <label
          htmlFor={inputId}
          onDragEnter={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragOver={(e) => e.preventDefault()}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 text-center hover:bg-slate-50',
            photos.length > 0 ? 'py-5' : 'py-10',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-600',
            dragging ? 'border-accent-600 bg-accent-50' : error ? 'border-red-600 bg-white' : 'border-slate-300 bg-white',
          )}
        >
          <ImagePlus aria-hidden="true" className="size-8 text-slate-500" />
          <span className="text-sm font-medium text-accent-700">{photos.length > 0 ? 'Add more photos' : 'Choose photos'}</span>
          <span className="text-xs text-slate-600">or drop them here. JPEG, PNG, WebP or GIF, up to 5 MB each</span>
        </label>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const photoCount = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);

interface IconButtonProps {
  action: Action;
  label: string;
  disabled?: boolean;
  onClick: () => void;
  icon: ReactNode;
}

function IconButton({ action, label, disabled, onClick, icon }: IconButtonProps) {
  return (
    <button
      type="button"
      data-action={action}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-600',
        'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
      )}
    >
      {icon}
    </button>
  );
}
