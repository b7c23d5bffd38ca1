// The auction page's photos: one large, the small copies below as buttons that show theirs, and
// previous and next buttons; ArrowLeft and ArrowRight anywhere in the gallery, and a sideways swipe on
// the large photo, do the same. The photo shown is announced politely as it changes.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../lib/cn';

/** How far (in CSS pixels) a finger must travel sideways, more than up or down, to count as a swipe. */
const SWIPE_MIN_PX = 40;

interface PhotoGalleryProps {
  name: string;
  /** Full-size photos, the cover first. */
  photos: string[];
  /** Their card copies, in the same order (the thumbnails). */
  cards: string[];
}

/** 'Vintage camera, photo 2 of 5'; a lone photo is the item itself. */
export function photoAlt(name: string, index: number, count: number): string {
  return count > 1 ? `${name}, photo ${index + 1} of ${count}` : name;
}

export function PhotoGallery({ name, photos, cards }: PhotoGalleryProps) {
  const count = photos.length;
  const hintId = useId();
  const [index, setIndex] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const moved = useRef(false);

  function show(next: number) {
    const wrapped = (next + count) % count;
    moved.current = true;
    setIndex(wrapped);
    setAnnouncement(`Photo ${wrapped + 1} of ${count}`);
  }

  // The thumbnail row follows the photo shown (it scrolls sideways on a phone); not on the first draw,
  // which must not scroll the page.
  useEffect(() => {
    if (moved.current) thumbs.current[index]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [index]);

  function onKeyDown(event: KeyboardEvent) {
    if (count < 2 || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
    else return;
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent) {
    if (event.pointerType !== 'mouse') swipe.current = { x: event.clientX, y: event.clientY };
  }
  function onPointerUp(event: PointerEvent) {
    const start = swipe.current;
    swipe.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) show(dx < 0 ? index + 1 : index - 1);
  }

  const current = photos[index] ?? photos[0];
  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${name}`} onKeyDown={onKeyDown} className="space-y-3">
      <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        {/* Focusable when there is more than one photo: the arrow keys then have somewhere to act. */}
        <div
          tabIndex={count > 1 ? 0 : undefined}
          role={count > 1 ? 'group' : undefined}
          aria-label={count > 1 ? 'Photo shown' : undefined}
          aria-describedby={count > 1 ? hintId : undefined}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipe.current = null)}
          className="touch-pan-y rounded-xl focus-visible:outline-offset-[-2px]"
        >
          <img
            src={current}
            alt={photoAlt(name, index, count)}
            width={1200}
            height={900}
            draggable={false}
            className="aspect-[4/3] w-full object-contain select-none"
          />
        </div>
        {count > 1 && (
          <>
            <StepButton label="Previous photo" side="left" onClick={() => show(index - 1)} />
            <StepButton label="Next photo" side="right" onClick={() => show(index + 1)} />
            <span
              aria-hidden="true"
              className="absolute right-3 bottom-3 rounded-full bg-slate-900/75 px-2.5 py-0.5 text-xs font-medium text-white tabular-nums"
            >
              {index + 1} / {count}
            </span>
          </>
        )}
      </div>
      <p id={hintId} className="sr-only">
        The left and right arrow keys show the other photos.
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {count > 1 && (
        <ol className="flex gap-2 overflow-x-auto p-1" aria-label="All photos">
          {photos.map((photo, i) => (
            <li key={`${i}-${photo}`} className="shrink-0">
              <button
                ref={(element) => {
                  thumbs.current[i] = element;
                }}
                type="button"
                aria-current={i === index ? 'true' : undefined}
                onClick={() => show(i)}
                className={cn(
                  'block overflow-hidden rounded-lg border-2 bg-slate-100 transition-colors',
                  i === index ? 'border-accent-700' : 'border-transparent hover:border-slate-300',
                )}
              >
                <img
                  src={cards[i] ?? photo}
                  alt={photoAlt(name, i, count)}
                  width={80}
                  height={60}
                  loading="lazy"
                  className="aspect-[4/3] w-16 object-cover sm:w-20"
                />
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function StepButton({ label, side, onClick }: { label: string; side: 'left' | 'right'; onClick: () => void }) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow',
        'hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
        side === 'left' ? 'left-2' : 'right-2',
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
