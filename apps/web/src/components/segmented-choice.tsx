import { useId } from 'react';
import './segmented-choice.css';

export interface SegmentedChoiceProps<Value extends string> {
  /** Id of the element that names the group. */
  labelledBy: string;
  value: Value;
  onChange: (value: Value) => void;
  data: readonly { value: Value; label: string }[];
}

/**
 * A row of exclusive choices drawn as Mantine's small SegmentedControl, on native radio buttons:
 * one Tab stop, arrows change the choice. Without the sliding indicator's measuring code, which
 * the search page's first load cannot afford (issue 8).
 */
export function SegmentedChoice<Value extends string>({
  labelledBy,
  value,
  onChange,
  data,
}: SegmentedChoiceProps<Value>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="segmented-choice">
      {data.map((option) => (
        <label key={option.value} className="segmented-choice-option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
