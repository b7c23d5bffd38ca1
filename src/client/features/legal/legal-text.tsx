// Renders one legal document: title, date, contents, and sections of paragraphs and lists.
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { CONTACT_LINK, type LegalBlock, type LegalDocument } from './documents';

// The dates are plain calendar dates: shown as written, whatever the viewer's time zone.
const lastUpdatedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' });

export function formatLastUpdated(date: string): string {
  return lastUpdatedFormat.format(new Date(`${date}T00:00:00Z`));
}

function sectionId(index: number): string {
  return `section-${index + 1}`;
}

/** Text with the contact placeholder turned into a link. */
function RichText({ text }: { text: string }) {
  const parts = text.split(CONTACT_LINK);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <Link to={paths.contact} className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800">
          our contact form
        </Link>
      )}
    </Fragment>
  ));
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <p>
        <RichText text={block} />
      </p>
    );
  }
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-slate-400">
      {block.list.map((item) => (
        <li key={item}>
          <RichText text={item} />
        </li>
      ))}
    </ul>
  );
}

export function LegalText({ doc }: { doc: LegalDocument }) {
  return (
    <article aria-labelledby="legal-title" className="min-w-0">
      <header className="border-b border-slate-200 pb-6">
        <h1 id="legal-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {doc.title}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          Last updated <time dateTime={doc.lastUpdated}>{formatLastUpdated(doc.lastUpdated)}</time>
        </p>
      </header>

      <div className="mt-6 space-y-4 text-base leading-7 text-slate-700">
        {doc.intro.map((paragraph) => (
          <p key={paragraph}>
            <RichText text={paragraph} />
          </p>
        ))}
      </div>

      <nav aria-labelledby="contents-heading" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
        <h2 id="contents-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          On this page
        </h2>
        <ol className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
          {doc.sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#${sectionId(index)}`} className="text-accent-700 hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {doc.sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={sectionId(index)} className="mt-10">
          <h2
            id={sectionId(index)}
            tabIndex={-1}
            className="scroll-mt-6 text-xl font-semibold tracking-tight text-slate-900 focus:outline-none"
          >
            {section.heading}
          </h2>
          <div className="mt-3 space-y-4 text-base leading-7 text-slate-700">
            {section.blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
          </div>
        </section>
      ))}
    </article>
  );
}
