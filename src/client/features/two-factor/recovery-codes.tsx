// The recovery codes, shown once when two-factor sign-in is turned on: to copy, or to download as text.
import { Copy, Download } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const text = `${codes.join('\n')}\n`;
  const download = useMemo(() => URL.createObjectURL(new Blob([text], { type: 'text/plain' })), [text]);
  useEffect(() => () => URL.revokeObjectURL(download), [download]);

  return (
    <div className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <Banner tone="success">Two-factor sign-in is on. From now on, logging in asks for a code from your app.</Banner>
      <h4 ref={heading} tabIndex={-1} className="font-medium text-slate-900 focus:outline-none">
        Save your recovery codes
      </h4>
      <p className="text-sm text-slate-700">
        If you lose your phone, each of these codes lets you log in once instead of a code from the app. Keep them somewhere safe: they are
        shown only now.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded bg-white p-3 font-mono text-sm text-slate-900 ring-1 ring-slate-200"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          type="button"
          variant="secondary"
          icon={<Copy aria-hidden="true" className="size-4" />}
          onClick={() => {
            navigator.clipboard.writeText(text).then(
              () => setCopied('yes'),
              () => setCopied('failed'),
            );
          }}
        >
          Copy codes
        </Button>
        <a
          href={download}
          download="open-auction-recovery-codes.txt"
          className="inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
        >
          <Download aria-hidden="true" className="size-4" />
          Download
        </a>
        <Button type="button" onClick={onDone} className="sm:ml-auto">
          I have saved them
        </Button>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {copied === 'yes' ? 'The codes are copied.' : copied === 'failed' ? 'Copying was refused: select the codes and copy them.' : ''}
      </p>
    </div>
  );
}
