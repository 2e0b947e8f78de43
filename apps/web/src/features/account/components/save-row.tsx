/** A form's Save button with its "Saved" status, announced politely. */
export function SaveRow({ disabled, saving, saved }: { disabled: boolean; saving: boolean; saved: boolean }) {
  return (
    <div className="form__actions">
      <button type="submit" className="button button--primary" disabled={disabled}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      <p role="status" className="form__status">
        {saved && !saving ? 'Saved' : ''}
      </p>
    </div>
  );
}
