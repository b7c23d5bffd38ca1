// The user's avatar on /profile: upload a photo (sent as soon as it is chosen) or remove it to show the
// initial again. The type and size checks repeat the server's for a quick message; the server's own
// refusals (too many pixels, busy, not an image) are shown as it words them.
import { ImageUp, LoaderCircle, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { isDrawnAvatar, PHOTO_TYPES, photoProblem } from '../../../shared/photos';
import { Avatar } from '../../components/avatar';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { useTimedMessage } from '../../lib/use-timed-message';
import type { SessionUser } from '../auth/auth-context';
import { useRemoveAvatar, useSetAvatar } from './api';

export function AvatarEditor({ user }: { user: SessionUser }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const setAvatar = useSetAvatar();
  const removeAvatar = useRemoveAvatar();
  const failure = useTimedMessage();
  const success = useTimedMessage();
  const uploaded = !isDrawnAvatar(user.avatar);
  const busy = setAvatar.isPending || removeAvatar.isPending;
  // The remove button goes away with the photo: keyboard users stay on the upload control, once it is enabled again.
  const refocus = useRef(false);
  useEffect(() => {
    if (busy || !refocus.current) return;
    refocus.current = false;
    input.current?.focus();
  }, [busy]);

  function upload(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    success.clear();
    const problem = photoProblem(file);
    if (problem) return failure.show(problem);
    failure.clear();
    const form = new FormData();
    form.append('avatar', file);
    setAvatar.mutate(form, {
      onSuccess: () => success.show('Your new photo is saved.'),
      onError: (error) => failure.show(errorMessage(error, 'The photo could not be saved. Please try again.')),
    });
  }

  function remove() {
    success.clear();
    failure.clear();
    removeAvatar.mutate(undefined, {
      onSuccess: () => {
        success.show('Your photo is removed: your initial shows instead.');
        refocus.current = true;
      },
      onError: (error) => failure.show(errorMessage(error, 'The photo could not be removed. Please try again.')),
    });
  }

  return (
    <div className="mt-5 space-y-4">
      <div className="flex items-center gap-4">
        <Avatar src={user.avatar} name={user.name} className="size-20 text-3xl" />
        <div className="flex min-w-0 flex-wrap gap-2">
          {/* Visually hidden but focusable; the label after it is the button people see, with its focus ring. */}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="peer sr-only"
            aria-describedby={hintId}
            disabled={busy}
            onChange={(e) => upload(e.target.files?.[0])}
          />
          <label
            htmlFor={inputId}
            className={cn(
              'inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 shadow-sm hover:border-slate-400 hover:bg-slate-50',
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-600',
              'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
            )}
          >
            {setAvatar.isPending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            ) : (
              <ImageUp aria-hidden="true" className="size-4" />
            )}
            {setAvatar.isPending ? 'Uploading…' : uploaded ? 'Change photo' : 'Upload a photo'}
          </label>
          {uploaded && (
            <Button
              variant="ghost"
              size="sm"
              onClick={remove}
              loading={removeAvatar.isPending}
              disabled={busy}
              icon={<Trash2 aria-hidden="true" className="size-4" />}
            >
              {removeAvatar.isPending ? 'Removing…' : 'Remove photo'}
            </Button>
          )}
        </div>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        Your photo shows in the menu and to administrators. JPEG, PNG, WebP or GIF, up to 5 MB; it is cropped to a square.
      </p>
      {setAvatar.isPending && (
        <span role="status" className="sr-only">
          Uploading your photo…
        </span>
      )}
      {failure.message && <Banner tone="error">{failure.message}</Banner>}
      {success.message && <Banner tone="success">{success.message}</Banner>}
    </div>
  );
}
