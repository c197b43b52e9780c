/**
 * The body's toolbar: 見出し, 太字, 箇条書き, リンク and 画像, each writing
 * the Markdown for her (src/lib/blogs/body-format.ts). 44 px targets in
 * one row that fits 360 px, stuck under the site's bar while she types.
 * A tap keeps the focus (and a phone's keyboard) in the body; from the
 * keyboard it is one tab stop, arrows move along it (the ARIA toolbar
 * pattern), and the focus goes back to the body after each edit.
 * リンク opens a row for the address; 画像 a row of her pictures, each
 * put in at the cursor with one tap, and 写真を追加.
 */
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { linkAddress } from '../../lib/blogs/body-format';
import { MAX_BLOG_IMAGES } from '../../lib/blogs/limits';
import { Button } from '../ui/Button';

export type FormatAction = 'heading' | 'bold' | 'list';

interface Props {
  /** The blog's pictures (slots) and their display URLs. */
  images: readonly number[];
  imageUrl(slot: number): string | null;
  /** Picking pictures is off (busy, or the blog has all it may). */
  picturesOff: boolean;
  picturesFull: boolean;
  onFormat(action: FormatAction): void;
  onLink(address: string): void;
  onInsertPicture(slot: number): void;
  /** Opens the file picker that adds pictures at the cursor. */
  onPickPictures(): void;
}

type Panel = 'link' | 'pictures' | null;

const TOOLS = [
  { key: 'heading', label: '見出し', hint: '見出しにする' },
  { key: 'bold', label: '太字', hint: '太字にする' },
  { key: 'list', label: '箇条書き', hint: '箇条書きにする' },
  { key: 'link', label: 'リンク', hint: 'リンクを入れる' },
  { key: 'pictures', label: '画像', hint: '画像を入れる' },
] as const;

/** A tap on a tool must not take the focus (and the phone's keyboard) away from the body (a tap's mousedown moves it). */
const keepFocus = (event: MouseEvent) => event.preventDefault();

export function BodyToolbar(props: Props) {
  const id = useId();
  const [panel, setPanel] = useState<Panel>(null);
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const use = (key: (typeof TOOLS)[number]['key']) => {
    if (key === 'link' || key === 'pictures') setPanel((open) => (open === key ? null : key));
    else {
      setPanel(null);
      props.onFormat(key);
    }
  };
  // The ARIA toolbar pattern: one tab stop, arrows and Home / End move along the tools.
  const move = (event: KeyboardEvent) => {
    const last = TOOLS.length - 1;
    const next = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const wrapped = next > last ? 0 : next < 0 ? last : next;
    setActive(wrapped);
    buttons.current[wrapped]?.focus();
  };

  return (
    <div className="sticky top-14 z-20 -mx-1 space-y-2 bg-white/95 px-1 py-1 backdrop-blur dark:bg-gray-950/95">
      <div role="toolbar" aria-label="本文の書式" className="grid grid-cols-5 gap-1" onKeyDown={move}>
        {TOOLS.map((tool, n) => {
          const opens = tool.key === 'link' || tool.key === 'pictures';
          return (
            <Button
              key={tool.key}
              ref={(button) => {
                buttons.current[n] = button;
              }}
              variant="secondary"
              size="sm"
              className="px-0 whitespace-nowrap"
              tabIndex={n === active ? 0 : -1}
              aria-label={tool.hint}
              aria-expanded={opens ? panel === tool.key : undefined}
              aria-controls={opens ? `${id}-${tool.key}` : undefined}
              data-testid={`body-tool-${tool.key}`}
              onFocus={() => setActive(n)}
              onMouseDown={opens ? undefined : keepFocus}
              onClick={() => use(tool.key)}
            >
              {tool.label}
            </Button>
          );
        })}
      </div>
      {panel === 'link' && (
        <LinkRow
          id={`${id}-link`}
          onLink={(address) => {
            setPanel(null);
            props.onLink(address);
          }}
          onCancel={() => {
            setPanel(null);
            buttons.current[3]?.focus();
          }}
        />
      )}
      {panel === 'pictures' && <PictureRow id={`${id}-pictures`} {...props} />}
    </div>
  );
}

/** リンク: the address (checked: a web address only), then リンクを入れる. */
function LinkRow({ id, onLink, onCancel }: { id: string; onLink(address: string): void; onCancel(): void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    const address = linkAddress(typed);
    if (address) onLink(address);
    else setError('「https://」で始まるお店や SNS のページのアドレスを入れてください。');
  };
  return (
    <div id={id} className="space-y-1" data-testid="body-link-row">
      <label htmlFor={`${id}-input`} className="field-label text-sm">
        リンク先のアドレス（選んだ言葉がリンクになります）
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-input`}
          type="url"
          inputMode="url"
          autoComplete="url"
          autoFocus
          placeholder="https://"
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="field-input min-w-0 flex-1"
          onChange={(event) => {
            setTyped(event.target.value);
            setError('');
          }}
          onKeyDown={(event) => {
            // Enter here adds the link; it must not save the blog. An Enter that confirms an IME conversion
            // (isComposing; Safari reports it as keyCode 229 instead) is the keyboard's, not hers.
            if (event.key === 'Enter' && !event.nativeEvent.isComposing && event.keyCode !== 229) {
              event.preventDefault();
              submit();
            } else if (event.key === 'Escape') onCancel();
          }}
        />
        <Button variant="primary" size="sm" onClick={submit}>
          入れる
        </Button>
        <Button variant="quiet" size="sm" onClick={onCancel}>
          やめる
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** 画像: her pictures as thumbnails (a tap puts one in at the cursor) and 写真を追加. */
function PictureRow({ id, images, imageUrl, picturesOff, picturesFull, onInsertPicture, onPickPictures }: Props & { id: string }) {
  return (
    <div id={id} className="space-y-1" data-testid="body-picture-row">
      <p className="field-hint">{images.length > 0 ? 'タップした写真が、カーソルの位置に入ります。' : 'まだ写真がありません。'}</p>
      <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="本文に入れる写真">
        {images.map((slot) => {
          const url = imageUrl(slot);
          return (
            <li key={slot} className="shrink-0">
              <button
                type="button"
                className="focus-visible:outline-brand-600 block size-14 cursor-pointer overflow-hidden rounded-md border border-gray-300 dark:border-gray-600"
                aria-label={`画像 ${slot} をカーソルの位置に入れる`}
                data-testid="body-picture-thumb"
                onMouseDown={keepFocus}
                onClick={() => onInsertPicture(slot)}
              >
                {url ? (
                  <img src={url} alt="" className="size-full object-cover" />
                ) : (
                  <span className="text-xs text-gray-600 dark:text-gray-300">{slot}</span>
                )}
              </button>
            </li>
          );
        })}
        <li className="shrink-0">
          <Button variant="outline" size="sm" className="h-14" disabled={picturesOff} onMouseDown={keepFocus} onClick={onPickPictures}>
            {picturesFull ? `写真は ${MAX_BLOG_IMAGES} 枚まで` : '＋ 写真を追加'}
          </Button>
        </li>
      </ul>
    </div>
  );
}
