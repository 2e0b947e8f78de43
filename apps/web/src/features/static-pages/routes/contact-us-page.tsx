import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { contactMessageSchema, TEXT_LIMITS } from '@stg/domain/validation';
import type { z } from 'zod';
import { ErrorList } from '../../../components/error-list';
import { PageHeader } from '../../../components/page-header';
import { TextareaField } from '../../../components/textarea-field';
import { TextField } from '../../../components/text-field';
import { useMutationForm } from '../../../lib/use-mutation-form';
import { useSession } from '../../../lib/session/use-session';
import { useSendContactMessage } from '../api/use-send-contact-message';
import { useDocumentTitle } from '../../../lib/use-document-title';

type ContactInput = z.input<typeof contactMessageSchema>;

/** Spec §9: the pause before "Message Sent" shows. */
export const CONTACT_SUCCESS_DELAY_MS = 500;

type ContactState = 'unsent' | 'loading' | 'sent';

/**
 * /contact-us (spec §2, §4, §5, §9): Name, Email, Subject and Message, all required. States unsent →
 * loading → sent; on success "Message Sent" shows after a 500 ms pause. A signed-in user's name and email
 * are filled in.
 */
export function ContactUsPage() {
  useDocumentTitle('Contact Us');
  const { user } = useSession();
  const send = useSendContactMessage();
  const [sentAfterPause, setSentAfterPause] = useState(false);
  const sentHeadingId = useId();
  const sentHeading = useRef<HTMLHeadingElement>(null);

  const defaults: ContactInput = {
    name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  };
  const { form, formProps, serverErrors } = useMutationForm(contactMessageSchema, {
    defaultValues: defaults,
    mutation: send,
    submit: (values) => send.mutate(values),
  });
  const {
    register,
    reset,
    control,
    formState: { errors },
  } = form;
  const messageLength = (useWatch({ control, name: 'message' }) ?? '').length;

  // Spec §4, §9: after a successful send, "Message Sent" shows once a short pause has passed.
  useEffect(() => {
    if (!send.isSuccess) return;
    const timer = window.setTimeout(() => setSentAfterPause(true), CONTACT_SUCCESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [send.isSuccess]);

  const state: ContactState = sentAfterPause
    ? 'sent'
    : send.isPending || send.isSuccess
      ? 'loading'
      : 'unsent';

  useEffect(() => {
    if (state === 'sent') sentHeading.current?.focus();
  }, [state]);

  const startOver = () => {
    reset(defaults);
    send.reset();
    setSentAfterPause(false);
  };

  return (
    <div className="container page page--narrow">
      <PageHeader
        title="Contact Us"
        lead="Questions about a booking, a provider or listing your business? Send us a message. We reply within 24 hours."
      />
      <div className="card" data-state={state}>
        {state === 'sent' ? (
          <div className="contact-sent" role="status">
            <h2 id={sentHeadingId} ref={sentHeading} tabIndex={-1}>
              Message Sent
            </h2>
            <p>Thank you for reaching out. We reply within 24 hours, by email.</p>
            <button type="button" className="button button--secondary" onClick={startOver}>
              Send Another Message
            </button>
          </div>
        ) : (
          <form className="form" {...formProps} aria-busy={state === 'loading'} aria-label="Contact form">
            <ErrorList errors={serverErrors} />
            <div className="form__row">
              <TextField
                label="Name"
                autoComplete="name"
                required
                error={errors.name?.message}
                maxLength={TEXT_LIMITS.contactName}
                {...register('name')}
              />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                required
                error={errors.email?.message}
                maxLength={TEXT_LIMITS.email}
                {...register('email')}
              />
            </div>
            <TextField
              label="Subject"
              required
              error={errors.subject?.message}
              maxLength={TEXT_LIMITS.contactSubject}
              {...register('subject')}
            />
            <TextareaField
              label="Message"
              required
              rows={6}
              error={errors.message?.message}
              hint={`${messageLength} of ${TEXT_LIMITS.contactMessage} characters`}
              maxLength={TEXT_LIMITS.contactMessage}
              {...register('message')}
            />
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={state === 'loading'}
            >
              {state === 'loading' ? 'Sending…' : 'Send Message'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
