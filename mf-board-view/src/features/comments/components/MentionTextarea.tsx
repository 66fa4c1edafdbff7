/**
 * The comment box as a combobox: typing '@' lists the board's members (filtered by what follows the
 * '@'); ArrowUp/ArrowDown move through them, Enter or Tab picks, Escape closes, a click picks. The
 * focus never leaves the textarea: the highlighted option is its aria-activedescendant.
 */
import type { Member } from 'contract';
import {
  type KeyboardEvent,
  type TextareaHTMLAttributes,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Avatar } from 'shared-ui';
import { memberLabel } from '../../../shared/members';
import { insertMention, type MentionQuery, matchesQuery, mentionQueryAt } from '../model/mentions';

/** Options shown at most; typing more narrows them. */
const MAX_OPTIONS = 8;

export interface MentionTextareaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** Who can be mentioned. */
  members: readonly Member[];
  /** A member was picked: '@Имя ' is in the text now. */
  onPick: (member: Member, label: string) => void;
}

export function MentionTextarea({
  value,
  onChange,
  members,
  onPick,
  onKeyDown,
  onBlur,
  ...rest
}: MentionTextareaProps) {
  const listId = useId();
  const hintId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // The '@' (its index) whose list was closed or picked from: it stays closed until another '@' is typed.
  const [closedAt, setClosedAt] = useState<number | null>(null);
  // Where the caret goes once a picked name is in the text.
  const nextCaret = useRef<number | null>(null);

  const mention: MentionQuery | null = mentionQueryAt(value, Math.min(caret, value.length));
  const options =
    mention && mention.start !== closedAt
      ? members.filter((member) => matchesQuery(memberLabel(member), mention.query)).slice(0, MAX_OPTIONS)
      : [];
  const open = options.length > 0;
  const current = Math.min(active, options.length - 1);
  const optionId = (member: Member) => `${listId}-${member.id}`;

  useLayoutEffect(() => {
    if (nextCaret.current === null || !field.current) return;
    field.current.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  });

  const follow = (target: HTMLTextAreaElement) => {
    const at = target.selectionStart ?? target.value.length;
    if (at !== caret) setCaret(at);
    const next = mentionQueryAt(target.value, at);
    if (!next) setClosedAt(null);
    if (next?.start !== mention?.start || next?.query !== mention?.query) setActive(0);
  };

  const pick = (member: Member) => {
    if (!mention) return;
    const label = memberLabel(member);
    const next = insertMention(value, mention, label);
    nextCaret.current = next.caret;
    setCaret(next.caret);
    setActive(0);
    // The name is in: the list stays closed for this '@' until another one is typed.
    setClosedAt(mention.start);
    onChange(next.text);
    onPick(member, label);
  };

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      const handled = () => {
        event.preventDefault();
        // Not for the dialog around: Escape closes only the list, Tab does not leave the field.
        event.stopPropagation();
      };
      if (event.key === 'ArrowDown') {
        handled();
        setActive((current + 1) % options.length);
        return;
      }
      if (event.key === 'ArrowUp') {
        handled();
        setActive((current - 1 + options.length) % options.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
        handled();
        const member = options[current];
        if (member) pick(member);
        return;
      }
      if (event.key === 'Escape') {
        handled();
        setClosedAt(mention?.start ?? null);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className="bv-mention-field">
      <textarea
        {...rest}
        ref={field}
        value={value}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && options[current] ? optionId(options[current]) : undefined}
        aria-describedby={hintId}
        onChange={(event) => {
          onChange(event.target.value);
          follow(event.target);
        }}
        onSelect={(event) => follow(event.currentTarget)}
        onKeyDown={onKey}
        onBlur={(event) => {
          if (mention) setClosedAt(mention.start);
          onBlur?.(event);
        }}
      />
      <span id={hintId} className="ui-visually-hidden">
        Введите @, чтобы упомянуть участника доски
      </span>
      {open && (
        <div className="bv-mention-list" id={listId} role="listbox" aria-label="Участники доски">
          {options.map((member, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks from the textarea (aria-activedescendant)
            <div
              key={member.id}
              id={optionId(member)}
              role="option"
              tabIndex={-1}
              aria-selected={index === current}
              className={['bv-mention-option', index === current && 'bv-mention-option--active']
                .filter(Boolean)
                .join(' ')}
              // Keeps the focus (and the caret) in the textarea.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(member)}
            >
              <span className="bv-mention-option__avatar" aria-hidden="true">
                <Avatar user={member} size="small" />
              </span>
              <span className="bv-mention-option__name">{memberLabel(member)}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
