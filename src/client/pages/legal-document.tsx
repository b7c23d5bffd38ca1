import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { legalDocuments, findLegalDocument } from '../features/legal/documents';
import { LegalText } from '../features/legal/legal-text';
import { paths } from '../lib/paths';
import { NotFoundPage } from './not-found';

/** /legal/:document: one of the five documents, or the site's 404 page for any other name. */
export function LegalDocumentPage() {
  const { document: slug } = useParams();
  const doc = findLegalDocument(slug);
  if (!doc) return <NotFoundPage />;

  const others = legalDocuments.filter((other) => other.slug !== doc.slug);
  return (
    <>
      <title>{`${doc.title} · Open Auction`}</title>
      <Link
        to={paths.legal}
        className="mb-6 inline-flex items-center gap-1.5 rounded text-sm font-medium text-accent-700 hover:text-accent-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to legal
      </Link>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="max-w-3xl">
          <LegalText doc={doc} />
        </div>
        <aside aria-labelledby="other-documents-heading" className="lg:sticky lg:top-6 lg:self-start">
          <h2 id="other-documents-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            Other documents
          </h2>
          <ul className="-mx-2 mt-3 space-y-1 text-sm">
            {others.map((other) => (
              <li key={other.slug}>
                <Link
                  to={paths.legalDocument(other.slug)}
                  className="block rounded-lg px-2 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-accent-700"
                >
                  {other.title}
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
