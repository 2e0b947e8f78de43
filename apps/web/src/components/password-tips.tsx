import { passwordTips } from '@stg/domain/validation';

/** The three live password tips of spec §5: 1 letter, 1 number or special character, 10 characters. */
export function PasswordTips({ password, id }: { password: string; id?: string }) {
  return (
    <ul className="password-tips" id={id} aria-label="Password requirements">
      {passwordTips(password).map((tip) => (
        <li
          key={tip.label}
          className={tip.met ? 'password-tips__tip is-met' : 'password-tips__tip'}
          data-met={tip.met}
        >
          <span className="password-tips__mark" aria-hidden="true">
            {tip.met ? '✓' : '•'}
          </span>
          {tip.label}
          <span className="visually-hidden">{tip.met ? ' (met)' : ' (not met yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
