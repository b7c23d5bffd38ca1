import { useRef, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '../lib/cn';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

interface TabsProps<T extends string> {
  tabs: readonly TabItem<T>[];
  selected: T;
  onChange: (value: T) => void;
  /** Names the tablist for screen readers. */
  label: string;
  /** Starts each tab's and panel's id, so that the tab and its `TabPanel` name each other. */
  idPrefix: string;
}

const tabId = (idPrefix: string, value: string) => `${idPrefix}-tab-${value}`;
const panelId = (idPrefix: string, value: string) => `${idPrefix}-panel-${value}`;

/**
 * A row of tabs over one panel. Only the selected tab is in the Tab order (a roving tabindex); the arrows,
 * Home and End move to another tab and open it at once, as the tabs only switch which list is shown.
 */
export function Tabs<T extends string>({ tabs, selected, onChange, label, idPrefix }: TabsProps<T>) {
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.value === selected);
    const keys: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const nextValue = tabs[next]!.value;
    onChange(nextValue);
    tabRefs.current.get(nextValue)?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className="mb-6 flex gap-1 border-b border-slate-200" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.value === selected;
        return (
          <button
            key={tab.value}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.value, element);
              else tabRefs.current.delete(tab.value);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.value)}
            aria-controls={panelId(idPrefix, tab.value)}
            aria-selected={isSelected}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
              isSelected ? 'border-accent-700 text-accent-800' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

interface TabPanelProps extends Omit<ComponentProps<'div'>, 'id' | 'role'> {
  /** The same prefix as the `Tabs` above it. */
  idPrefix: string;
  /** The selected tab's value: the panel shows that tab and is named by it. */
  value: string;
}

/** The panel under `Tabs`, with the ids that tie it to its tab. */
export function TabPanel({ idPrefix, value, ...rest }: TabPanelProps) {
  return <div role="tabpanel" id={panelId(idPrefix, value)} aria-labelledby={tabId(idPrefix, value)} {...rest} />;
}
