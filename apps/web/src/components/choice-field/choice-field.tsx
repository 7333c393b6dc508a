import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../lib/use-translation';
import { IconCheck, IconChevronDown } from '../icons';
import './choice-field.css';

export interface ChoiceOption {
  value: string;
  label: string;
}

/** Options under a heading (the ages of one gender). */
export interface ChoiceGroup {
  group: string;
  items: readonly ChoiceOption[];
}

interface BaseProps {
  label: string;
  placeholder?: string;
  data: readonly ChoiceOption[] | readonly ChoiceGroup[];
  /** Typing filters the options (otherwise the field is read-only and only opens). */
  searchable?: boolean;
  /** Shown in the open list when typing matches no option. */
  nothingFoundMessage?: string;
  disabled?: boolean;
}

export interface MultiChoiceFieldProps extends BaseProps {
  multiple: true;
  value: readonly string[];
  onChange: (values: string[]) => void;
  /** A button clears every chosen value. */
  clearable?: boolean;
}

/** One value, always set once chosen (no deselect). */
export interface SingleChoiceFieldProps extends BaseProps {
  multiple?: false;
  value: string | null;
  onChange: (value: string) => void;
}

export type ChoiceFieldProps = MultiChoiceFieldProps | SingleChoiceFieldProps;

interface FlatOption extends ChoiceOption {
  group?: string;
  /** Position in the whole list: the option's id stays the same while typing filters. */
  index: number;
}

/** Case- and accent-insensitive form of a text, for matching what is typed. */
function fold(text: string) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

function flatten(data: ChoiceFieldProps['data']): FlatOption[] {
  const options: FlatOption[] = [];
  for (const entry of data) {
    if ('group' in entry) {
      for (const item of entry.items) {
        options.push({ value: item.value, label: item.label, group: entry.group, index: 0 });
      }
    } else {
      options.push({ value: entry.value, label: entry.label, index: 0 });
    }
  }
  options.forEach((option, index) => (option.index = index));
  return options;
}

/** What a chosen value reads as in its pill: "Woman 18-25" when the options are grouped. */
function pillText(option: FlatOption) {
  return option.group ? `${option.group} ${option.label}` : option.label;
}

/**
 * A select or multi-select field following the WAI-ARIA 1.2 combobox pattern (editable with
 * list autocomplete when searchable, select-only otherwise), in plain DOM and CSS: Mantine's
 * MultiSelect and Select bring its Combobox, Popover, ScrollArea and floating-ui (~30 KB gzip)
 * into the search page's first load even while closed (issue 8). The list is in the page only
 * while open, so the label names the input alone (see combobox-props.ts). Keyboard rules are
 * those theme.ts gives Mantine's selects: Enter and Space open, Enter never submits the form,
 * typing highlights the first match.
 */
export function ChoiceField(props: ChoiceFieldProps) {
  const {
    label,
    placeholder,
    data,
    searchable = false,
    nothingFoundMessage,
    disabled = false,
  } = props;
  const { t } = useTranslation('common');
  const id = useId();
  const inputId = `${id}-input`;
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const optionId = (option: FlatOption) => `${id}-option-${option.index}`;
  const inputRef = useRef<HTMLInputElement>(null);

  const [isOpenState, setOpen] = useState(false);
  const isOpen = isOpenState && !disabled;
  // What is typed; null until the user types (a single field then shows its chosen label).
  const [query, setQuery] = useState<string | null>(null);
  const [activeValue, setActiveValue] = useState<string | null>(null);

  const options = useMemo(() => flatten(data), [data]);
  const chosen: readonly string[] = props.multiple
    ? props.value
    : props.value === null
      ? []
      : [props.value];
  const chosenOptions = chosen.map(
    (value) =>
      options.find((option) => option.value === value) ?? { value, label: value, index: -1 },
  );

  const matchesOf = (text: string | null) => {
    const wanted = fold((text ?? '').trim());
    if (!searchable || wanted === '') return options;
    return options.filter((option) => fold(option.label).includes(wanted));
  };
  const visible = matchesOf(query);
  const active = visible.find((option) => option.value === activeValue);

  useEffect(() => {
    if (!isOpen || !active) return;
    // jsdom has no scrollIntoView.
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId depends on `active` only
  }, [isOpen, active]);

  const open = (highlight: 'first' | 'last' | 'chosen') => {
    if (disabled) return;
    setOpen(true);
    if (highlight === 'first') setActiveValue(visible[0]?.value ?? null);
    else if (highlight === 'last') setActiveValue(visible.at(-1)?.value ?? null);
    else setActiveValue(props.multiple ? null : props.value);
  };
  const close = () => {
    setOpen(false);
    setActiveValue(null);
  };

  const choose = (option: FlatOption) => {
    if (props.multiple) {
      props.onChange(
        chosen.includes(option.value)
          ? chosen.filter((value) => value !== option.value)
          : [...chosen, option.value],
      );
      setQuery(null);
      setActiveValue(option.value);
    } else {
      props.onChange(option.value);
      setQuery(null);
      close();
    }
  };
  const remove = (value: string) => {
    if (props.multiple) props.onChange(chosen.filter((other) => other !== value));
  };

  const moveHighlight = (step: 1 | -1) => {
    if (visible.length === 0) return;
    const at = active ? visible.indexOf(active) : step === 1 ? -1 : visible.length;
    const next = (at + step + visible.length) % visible.length;
    setActiveValue(visible[next]!.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const native = event.nativeEvent as globalThis.KeyboardEvent | undefined;
    if (native?.isComposing || disabled) return;
    const typed = event.currentTarget.value;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (isOpen) moveHighlight(1);
        else open(props.multiple ? 'first' : 'chosen');
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (isOpen) moveHighlight(-1);
        else open(props.multiple ? 'last' : 'chosen');
        break;
      case 'Home':
      case 'End':
        // In typed text, Home and End move the caret.
        if (!isOpen || (searchable && typed !== '')) return;
        event.preventDefault();
        setActiveValue((event.key === 'Home' ? visible[0] : visible.at(-1))?.value ?? null);
        break;
      case 'Enter':
        // The field's Enter never submits the surrounding form (the filter panel's Refine).
        event.preventDefault();
        if (!isOpen) open('chosen');
        else if (active) choose(active);
        break;
      case ' ':
        if (!isOpen) {
          event.preventDefault();
          open('chosen');
        } else if (!searchable) {
          event.preventDefault();
          if (active) choose(active);
        }
        break;
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          close();
        }
        break;
      case 'Backspace':
        if (props.multiple && typed === '' && chosen.length > 0) {
          event.preventDefault();
          remove(chosen.at(-1)!);
        }
        break;
    }
  };

  // A press on the field outside the input and its buttons opens the list and keeps the focus
  // in the input (rather than moving it to the page).
  const onControlMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    if (target !== inputRef.current && !target.closest('button')) event.preventDefault();
  };
  const onControlClick = (event: MouseEvent<HTMLDivElement>) => {
    if (disabled || (event.target as Element).closest('button')) return;
    inputRef.current?.focus();
    if (!isOpen) open('chosen');
    else if (!searchable) close();
  };

  // A single field shows its chosen label; a multi-select shows its values as pills.
  const inputValue = query ?? (props.multiple ? '' : (chosenOptions[0]?.label ?? ''));
  const hasValue = chosen.length > 0;
  const isClearable = props.multiple && props.clearable === true && hasValue && !disabled;

  const renderOption = (option: FlatOption) => {
    const isChosen = chosen.includes(option.value);
    return (
      <div
        key={option.value}
        id={optionId(option)}
        role="option"
        aria-selected={isChosen}
        className="choice-field-option"
        data-active={option === active || undefined}
        onClick={() => choose(option)}
      >
        <span className="choice-field-check" aria-hidden>
          {isChosen && <IconCheck size={14} stroke={2.5} />}
        </span>
        <span>{option.label}</span>
      </div>
    );
  };

  // Options in their groups, in the order of the data.
  const listContent: ReactNode[] = [];
  for (let i = 0; i < visible.length;) {
    const group = visible[i]!.group;
    if (group === undefined) {
      listContent.push(renderOption(visible[i]!));
      i++;
      continue;
    }
    const members: FlatOption[] = [];
    while (i < visible.length && visible[i]!.group === group) members.push(visible[i++]!);
    const groupLabelId = `${id}-group-${members[0]!.index}`;
    listContent.push(
      <div key={`group-${groupLabelId}`} role="group" aria-labelledby={groupLabelId}>
        <div id={groupLabelId} role="presentation" className="choice-field-group-label">
          {group}
        </div>
        {members.map(renderOption)}
      </div>,
    );
  }

  return (
    <div className="choice-field" data-disabled={disabled || undefined}>
      <label id={labelId} htmlFor={inputId} className="choice-field-label">
        {label}
      </label>
      <div className="choice-field-box">
        <div
          className="choice-field-control"
          data-searchable={searchable || undefined}
          onMouseDown={onControlMouseDown}
          onClick={onControlClick}
        >
          <div className="choice-field-values">
            {props.multiple &&
              chosenOptions.map((option) => (
                <span key={option.value} className="choice-field-pill">
                  <span className="choice-field-pill-label">{pillText(option)}</span>
                  <button
                    type="button"
                    tabIndex={-1}
                    className="choice-field-pill-remove"
                    aria-label={t('choiceField.remove', { label: pillText(option) })}
                    disabled={disabled}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => remove(option.value)}
                  >
                    <CrossIcon />
                  </button>
                </span>
              ))}
            <input
              ref={inputRef}
              id={inputId}
              className="choice-field-input"
              type="text"
              role="combobox"
              autoComplete="off"
              spellCheck={false}
              readOnly={!searchable}
              disabled={disabled}
              placeholder={props.multiple && hasValue ? undefined : placeholder}
              value={inputValue}
              aria-expanded={isOpen}
              aria-controls={isOpen ? listId : undefined}
              aria-autocomplete={searchable ? 'list' : undefined}
              aria-activedescendant={isOpen && active ? optionId(active) : undefined}
              // A drawer or modal around the field leaves Escape to the open list.
              data-mantine-stop-propagation={isOpen || undefined}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setQuery(text);
                setOpen(true);
                setActiveValue(matchesOf(text)[0]?.value ?? null);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => {
                close();
                setQuery(null);
              }}
            />
          </div>
          <span className="choice-field-section">
            {isClearable && (
              <button
                type="button"
                className="choice-field-clear"
                aria-label={t('choiceField.clear', { field: label })}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  if (props.multiple) props.onChange([]);
                  inputRef.current?.focus();
                }}
              >
                <CrossIcon />
              </button>
            )}
            <IconChevronDown className="choice-field-chevron" size={18} aria-hidden />
          </span>
        </div>
        {isOpen && (
          <div className="choice-field-dropdown" onMouseDown={(event) => event.preventDefault()}>
            <div
              id={listId}
              role="listbox"
              aria-labelledby={labelId}
              aria-multiselectable={props.multiple || undefined}
              className="choice-field-list"
            >
              {listContent}
            </div>
            {visible.length === 0 && nothingFoundMessage && (
              <div className="choice-field-empty">{nothingFoundMessage}</div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** A small cross, for pills and the clear button (currentColor, mirrored for free). */
function CrossIcon() {
  return (
    <svg viewBox="0 0 16 16" width="0.8em" height="0.8em" aria-hidden focusable="false">
      <path
        d="M4 4l8 8M12 4l-8 8"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
