/** Previous / position / Next of a carousel. The position is announced politely as it changes. */
export function CarouselControls({
  index,
  count,
  noun,
  onPrevious,
  onNext,
}: {
  index: number;
  count: number;
  /** "image", "review": names the buttons "Previous image", "Next image". */
  noun: string;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const position = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${index + 1} of ${count}`;
  return (
    <div className="carousel__controls">
      <button
        type="button"
        className="icon-button carousel__arrow"
        aria-label={`Previous ${noun}`}
        onClick={onPrevious}
        disabled={count <= 1}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      <p className="carousel__position" aria-live="polite" aria-atomic="true">
        {position}
      </p>
      <button
        type="button"
        className="icon-button carousel__arrow"
        aria-label={`Next ${noun}`}
        onClick={onNext}
        disabled={count <= 1}
        data-autofocus
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
