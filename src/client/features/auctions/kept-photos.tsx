// A relisted auction's photos, as the old one had them: shown, not changed.
import { photoAlt } from './photo-gallery';

export function KeptPhotos({ name, photos }: { name: string; photos: string[] }) {
  return (
    <section aria-labelledby="kept-photos-heading">
      <h2 id="kept-photos-heading" className="mb-1.5 block text-sm font-medium text-slate-800">
        Photos
      </h2>
      <p className="mb-2 text-sm text-slate-600">Kept from the auction you relist. The first photo is the cover.</p>
      <ol className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={`${index}-${photo}`} className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
            <img src={photo} alt={photoAlt(name, index, photos.length)} className="aspect-[4/3] w-full object-cover" />
            {index === 0 && (
              <span className="absolute top-1.5 left-1.5 rounded-full bg-slate-900/80 px-2 py-0.5 text-xs font-medium text-white">
                Cover
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
