import type { TSearchHit, TSearchHitKind } from '@atempo/contracts';
import { useQuery } from '@tanstack/react-query';
import { Building2, Clock, FileText, Handshake, Megaphone, Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { inputClasses } from '../../../components/ui/input.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { searchQueryOptions } from '../api/search-api.ts';
import { loadRecentSearches, rememberSearch } from '../lib/recent-searches.ts';

export const KIND_LABELS: Record<TSearchHitKind, string> = {
  company: 'Company',
  deal: 'Deal',
  document: 'Document',
  funding_announcement: 'Funding round',
};
const KIND_ICONS = {
  company: Building2,
  deal: Handshake,
  document: FileText,
  funding_announcement: Megaphone,
};

type Option = { type: 'hit'; hit: TSearchHit } | { type: 'recent'; query: string };

export interface SearchComboboxProps {
  label: string;
  placeholder: string;
  debounceMs: number;
  limit: number;
  /** Keep searches on the device and offer them when the box is empty (smart search). */
  rememberRecent?: boolean;
  /** Enter with no result to open (the top bar hands the text to the companies screen). */
  onSubmitText?: (text: string) => void;
  className?: string;
  inputClassName?: string;
}

/**
 * A search box with a results list, as a WAI-ARIA combobox: arrows move through the options,
 * Enter opens the highlighted one (the first when none is), Escape closes the list, and the
 * highlighted option is announced through aria-activedescendant while focus stays in the box.
 */
export function SearchCombobox({
  label,
  placeholder,
  debounceMs,
  limit,
  rememberRecent = false,
  onSubmitText,
  className,
  inputClassName,
}: SearchComboboxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>(() => (rememberRecent ? loadRecentSearches() : []));
  const term = useDebouncedValue(text.trim(), debounceMs);
  const pending = text.trim() !== term;
  const search = useQuery(searchQueryOptions(term, limit));
  const showingRecent = rememberRecent && text.trim() === '';
  const options: Option[] = showingRecent
    ? recent.map((query) => ({ type: 'recent', query }))
    : term
      ? (search.data?.results ?? []).map((hit) => ({ type: 'hit', hit }))
      : [];
  const status = showingRecent
    ? null
    : !text.trim()
      ? null
      : pending || search.isFetching
        ? 'Searching…'
        : search.isError
          ? 'Search failed. Try again.'
          : options.length === 0
            ? `No results for "${term}"`
            : null;
  const expanded = open && (options.length > 0 || status !== null);

  function remember(query: string) {
    if (rememberRecent) setRecent(rememberSearch(query));
  }

  // A search that found something is worth offering again, whether or not a result is opened.
  const found = term && search.isSuccess ? search.data.results.length : 0;
  useEffect(() => {
    if (rememberRecent && found > 0) setRecent(rememberSearch(term));
  }, [rememberRecent, term, found]);

  function choose(option: Option) {
    if (option.type === 'recent') {
      setText(option.query);
      setActive(-1);
      setOpen(true);
      inputRef.current?.focus();
      return;
    }
    remember(text);
    setOpen(false);
    setActive(-1);
    navigate(option.hit.link);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(
        (current) =>
          (current + step + options.length + (current === -1 && step < 0 ? 1 : 0)) % options.length,
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active] ?? (showingRecent ? undefined : options[0]);
      if (option && (expanded || active >= 0)) choose(option);
      else if (text.trim()) {
        // Enter on typed text means "search this": remembered even when nothing opens.
        remember(text);
        if (onSubmitText) {
          setOpen(false);
          onSubmitText(text.trim());
        }
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        setText('');
      }
    } else if (event.key === 'Home' || event.key === 'End') {
      // Home and End stay with the text, as in any text box.
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={cn(inputClasses, 'pl-9', inputClassName)}
      />
      <div
        className={cn(
          'absolute right-0 left-0 z-40 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg',
          !expanded && 'hidden',
        )}
      >
        {showingRecent && options.length > 0 && (
          <p className="px-3 pt-2 pb-1 text-xs font-medium text-slate-500" aria-hidden="true">
            Recent searches
          </p>
        )}
        <div
          id={listId}
          role="listbox"
          aria-label={showingRecent ? 'Recent searches' : `${label} results`}
          className="max-h-96 overflow-y-auto py-1"
        >
          {options.map((option, index) => {
            const selected = index === active;
            const base = cn(
              'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm',
              selected ? 'bg-indigo-50 text-indigo-900' : 'text-slate-700 hover:bg-slate-50',
            );
            if (option.type === 'recent') {
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input, which keeps focus
                <div
                  key={option.query}
                  tabIndex={-1}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  className={base}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                >
                  <Clock aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                  <span className="truncate">{option.query}</span>
                </div>
              );
            }
            const Icon = KIND_ICONS[option.hit.kind];
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input, which keeps focus
              <div
                key={`${option.hit.kind}-${option.hit.id}`}
                tabIndex={-1}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                className={base}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{option.hit.title}</span>
                  {option.hit.subtitle && (
                    <span className="block truncate text-xs text-slate-500">{option.hit.subtitle}</span>
                  )}
                </span>
                <span className="shrink-0 text-xs text-slate-500">{KIND_LABELS[option.hit.kind]}</span>
              </div>
            );
          })}
        </div>
        {status && (
          <p role="status" className="px-3 py-2 text-sm text-slate-500">
            {status}
          </p>
        )}
      </div>
    </div>
  );
}
