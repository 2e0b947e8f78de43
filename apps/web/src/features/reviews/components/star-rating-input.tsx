import { useId } from 'react';

const SCORES = [1, 2, 3, 4, 5] as const;

/**
 * The score as five star radio buttons (one radio group: Tab reaches it, the arrow keys move the choice,
 * as native radios do). Each reads "1 star" … "5 stars"; the stars up to the chosen one are lit.
 */
export function StarRatingInput({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (score: number) => void;
}) {
  const name = useId();
  return (
    <fieldset className="star-rating" role="radiogroup" aria-label="Score">
      <legend className="field__label">Score</legend>
      <div className="star-rating__stars">
        {SCORES.map((score) => (
          <label
            key={score}
            className={`star-rating__star${value !== null && score <= value ? ' star-rating__star--on' : ''}`}
          >
            <input
              type="radio"
              className="star-rating__input"
              name={name}
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{score === 1 ? '1 star' : `${score} stars`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
